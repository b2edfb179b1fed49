#include "models/opensora/STDiT3RmsNorm.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3RmsNorm::STDiT3RmsNorm(std::int64_t dim, double eps) : m_eps(eps)
{
    registerParameter("weight", &weight, {dim});
}

at::Tensor STDiT3RmsNorm::forward(const at::Tensor& x) const
{
    at::Tensor wide = x.to(at::kFloat);
    at::Tensor variance = wide.pow(2).mean(-1, /*keepdim=*/true);
    at::Tensor normed = (wide * at::rsqrt(variance.add_(m_eps))).to(x.scalar_type());
    return weight * normed;
}

} // namespace framesmith
