#include "text/T5LayerSelfAttention.h"

#include <ATen/ATen.h>

namespace framesmith {

T5LayerSelfAttention::T5LayerSelfAttention(const T5Config& config, bool hasRelativeAttentionBias)
{
    m_selfAttention = registerModule("SelfAttention", std::make_shared<T5Attention>(config, hasRelativeAttentionBias));
    m_layerNorm = registerModule("layer_norm", std::make_shared<T5LayerNorm>(config.dModel, config.layerNormEpsilon));
}

at::Tensor T5LayerSelfAttention::forward(const at::Tensor& x, const at::Tensor& positionBias) const
{
    return x + m_selfAttention->forward(m_layerNorm->forward(x), positionBias);
}

} // namespace framesmith
