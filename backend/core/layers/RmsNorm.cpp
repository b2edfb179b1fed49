#include "core/layers/RmsNorm.h"

#include <ATen/ATen.h>

namespace framesmith {

RmsNorm::RmsNorm(std::int64_t dim, double eps, bool elementwiseAffine) : m_eps(eps)
{
    if (elementwiseAffine)
        registerParameter("weight", &weight, {dim});
}

at::Tensor RmsNorm::forward(const at::Tensor& x) const
{
    const bool isHalf = x.scalar_type() == at::kHalf || x.scalar_type() == at::kBFloat16;
    const at::Tensor wide = isHalf ? x.to(at::kFloat) : x;
    // torch 2.x rms_norm: rsqrt(pow(x, 2).mean(-1, keepdim) + eps), then x · that, cast back, · weight.
    const at::Tensor inverse = wide.pow(2).mean(-1, /*keepdim=*/true).add_(m_eps).rsqrt_();
    // Written into a dense tensor: q and k leave here ready for attention, with no copy after
    // (x is often a strided view of a fused qkv projection).
    at::Tensor out = at::empty(wide.sizes(), wide.options());
    at::mul_out(out, wide, inverse);
    out = out.to(x.scalar_type());
    if (!weight.defined())
        return out;
    return weight.scalar_type() == out.scalar_type() ? out.mul_(weight) : out.mul(weight); // weight · x: the same product
}

} // namespace framesmith
