#include "models/opensora/stdit3/STDiT3RmsNorm.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3RmsNorm::STDiT3RmsNorm(std::int64_t dim, double eps) : m_eps(eps)
{
    registerParameter("weight", &weight, {dim});
}

at::Tensor STDiT3RmsNorm::forward(const at::Tensor& x) const
{
    const at::Tensor wide = x.to(at::kFloat);
    const at::Tensor variance = wide.pow(2).mean(-1, /*keepdim=*/true).add_(m_eps);
    // Written into a dense tensor: q and k leave here ready for attention, with no copy after
    // (x is usually a strided view of the fused qkv projection).
    at::Tensor normed = at::empty(wide.sizes(), wide.options());
    at::mul_out(normed, wide, at::rsqrt(variance));
    if (x.scalar_type() != at::kFloat)
        normed = normed.to(x.scalar_type());
    return normed.mul_(weight); // weight * x: the same product
}

} // namespace framesmith
