#pragma once
// diffusers AdaLayerNorm with chunk_dim=1 (CogVideoX norm_out): norm(x) * (1 + scale) + shift,
// with the (shift, scale) chunk order that only this model uses.
#include "core/Layers.h"

namespace framesmith {

class CogVideoXAdaLayerNorm : public Module {
public:
    CogVideoXAdaLayerNorm(int conditioningDim, int dim, bool elementwiseAffine, double eps);
    at::Tensor forward(const at::Tensor& x /* [B, N, D] */, const at::Tensor& temb /* [B, E] */) const;

private:
    std::shared_ptr<Linear> m_linear;
    std::shared_ptr<LayerNorm> m_norm;
};

} // namespace framesmith
