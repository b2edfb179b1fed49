#include "text/T5Block.h"

#include <ATen/ATen.h>

#include <limits>

namespace framesmith {

namespace {

// transformers T5Block: float16 activations are clamped to +-(max - 1000) when any is inf,
// to +-max otherwise; other dtypes pass untouched.
at::Tensor clampHalfInf(const at::Tensor& x)
{
    if (x.scalar_type() != at::kHalf)
        return x;
    const double halfMax = 65504.0; // torch.finfo(torch.float16).max
    const double limit = at::isinf(x).any().item<bool>() ? halfMax - 1000.0 : halfMax;
    return at::clamp(x, -limit, limit);
}

} // namespace

T5Block::T5Block(const T5Config& config, bool hasRelativeAttentionBias)
{
    auto layers = registerModule("layer", std::make_shared<ModuleList<Module>>());
    m_selfAttention = std::make_shared<T5LayerSelfAttention>(config, hasRelativeAttentionBias);
    m_feedForward = std::make_shared<T5LayerFF>(config);
    layers->append(m_selfAttention);
    layers->append(m_feedForward);
}

at::Tensor T5Block::forward(const at::Tensor& x, const at::Tensor& positionBias) const
{
    const at::Tensor h = clampHalfInf(m_selfAttention->forward(x, positionBias));
    return clampHalfInf(m_feedForward->forward(h));
}

} // namespace framesmith
