#pragma once
// torch.nn.RMSNorm over the last dimension: x · rsqrt(mean(x²) + eps) · weight, computed in float32
// for half inputs and cast back before the weight (torch 2.x at::rms_norm's order). Parameter
// "weight" [dim] when affine. Any thread after loading; forward is const.
#include "core/Module.h"

namespace framesmith {

class RmsNorm : public Module {
public:
    RmsNorm(std::int64_t dim, double eps, bool elementwiseAffine = true);
    at::Tensor forward(const at::Tensor& x) const; // [..., dim] -> [..., dim]
    at::Tensor weight;                              // [dim] or undefined

private:
    double m_eps;
};

} // namespace framesmith
