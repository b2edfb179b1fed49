#include "models/wan/vae/WanRmsNorm.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

WanRmsNorm::WanRmsNorm(std::int64_t dim, bool isImage) : m_scale(std::sqrt(static_cast<double>(dim)))
{
    if (isImage)
        registerParameter("gamma", &gamma, {dim, 1, 1});
    else
        registerParameter("gamma", &gamma, {dim, 1, 1, 1});
}

at::Tensor WanRmsNorm::forward(const at::Tensor& x) const
{
    // F.normalize: x / max(||x||_2 over dim 1, 1e-12), then · scale · gamma (+ bias 0.0)
    const at::Tensor norm = at::norm(x, c10::optional<c10::Scalar>(2.0), {1}, /*keepdim=*/true).clamp_min(1e-12);
    return x / norm * m_scale * gamma;
}

} // namespace framesmith
