#pragma once
// T5's RMS norm: no mean subtraction, no bias, variance in float32 whatever the weights' dtype.
#include "core/Module.h"

namespace framesmith {

class T5LayerNorm : public Module {
public:
    T5LayerNorm(std::int64_t dim, double eps);
    at::Tensor forward(const at::Tensor& x) const; // [B, L, D] -> [B, L, D] in the weight's dtype
    at::Tensor weight;                             // [D]

private:
    double m_eps;
};

} // namespace framesmith
