#include "text/T5LayerFF.h"

#include <ATen/ATen.h>

namespace framesmith {

T5LayerFF::T5LayerFF(const T5Config& config)
{
    m_denseReluDense = registerModule("DenseReluDense", std::make_shared<T5DenseReluDense>(config));
    m_layerNorm = registerModule("layer_norm", std::make_shared<T5LayerNorm>(config.dModel, config.layerNormEpsilon));
}

at::Tensor T5LayerFF::forward(const at::Tensor& x) const
{
    return x + m_denseReluDense->forward(m_layerNorm->forward(x));
}

} // namespace framesmith
