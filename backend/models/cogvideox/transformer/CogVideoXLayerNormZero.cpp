#include "models/cogvideox/transformer/CogVideoXLayerNormZero.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXLayerNormZero::CogVideoXLayerNormZero(int conditioningDim, int dim, bool elementwiseAffine, double eps)
{
    m_linear = registerModule("linear", std::make_shared<Linear>(conditioningDim, 6 * dim));
    m_norm = registerModule("norm", std::make_shared<LayerNorm>(dim, eps, elementwiseAffine));
}

JointModulation CogVideoXLayerNormZero::forward(const at::Tensor& joint, std::int64_t textTokens,
                                                const at::Tensor& temb) const
{
    auto chunks = m_linear->forward(at::silu(temb)).unsqueeze(1).chunk(6, 2); // 6 x [B, 1, D]
    const std::int64_t videoTokens = joint.size(1) - textTokens;
    at::Tensor normed = m_norm->forward(joint);
    // norm(x) * (1 + scale) + shift, per segment, in place on the fresh normed tensor.
    normed.narrow(1, textTokens, videoTokens).mul_(chunks[1] + 1).add_(chunks[0]);
    normed.narrow(1, 0, textTokens).mul_(chunks[4] + 1).add_(chunks[3]);
    return {normed, chunks[2], chunks[5]};
}

} // namespace framesmith
