#include "text/T5LayerNorm.h"

#include <ATen/ATen.h>

namespace framesmith {

T5LayerNorm::T5LayerNorm(std::int64_t dim, double eps) : m_eps(eps)
{
    registerParameter("weight", &weight, {dim});
}

at::Tensor T5LayerNorm::forward(const at::Tensor& x) const
{
    // transformers T5LayerNorm: variance of the float32 input; x * rsqrt promotes to float32, and
    // the result is cast back only for half/bfloat16 weights.
    const at::Tensor variance = x.to(at::kFloat).pow(2).mean(-1, /*keepdim=*/true); // [B, L, 1]
    at::Tensor h = x * at::rsqrt(variance + m_eps);
    if (weight.scalar_type() == at::kHalf || weight.scalar_type() == at::kBFloat16)
        h = h.to(weight.scalar_type());
    return weight * h;
}

} // namespace framesmith
