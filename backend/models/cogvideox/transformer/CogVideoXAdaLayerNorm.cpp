#include "models/cogvideox/transformer/CogVideoXAdaLayerNorm.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXAdaLayerNorm::CogVideoXAdaLayerNorm(int conditioningDim, int dim, bool elementwiseAffine, double eps)
{
    m_linear = registerModule("linear", std::make_shared<Linear>(conditioningDim, 2 * dim));
    m_norm = registerModule("norm", std::make_shared<LayerNorm>(dim, eps, elementwiseAffine));
}

at::Tensor CogVideoXAdaLayerNorm::forward(const at::Tensor& x, const at::Tensor& temb) const
{
    auto chunks = m_linear->forward(at::silu(temb)).unsqueeze(1).chunk(2, 2); // shift, scale: [B, 1, D]
    at::Tensor out = m_norm->forward(x);
    return out.mul_(chunks[1] + 1).add_(chunks[0]);
}

} // namespace framesmith
