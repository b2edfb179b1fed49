#pragma once
// Open-Sora LlamaRMSNorm (the self-attention's q_norm / k_norm over each head): the variance in
// float32, x · rsqrt(variance + eps) cast back to the input dtype, then times the weight.
#include "core/Module.h"

namespace framesmith {

class STDiT3RmsNorm : public Module {
public:
    explicit STDiT3RmsNorm(std::int64_t dim, double eps = 1e-6);
    at::Tensor forward(const at::Tensor& x) const; // [..., dim]
    at::Tensor weight;

private:
    double m_eps;
};

} // namespace framesmith
