#include "models/wan/conditioning/WanLatentNormalization.h"

#include <ATen/ATen.h>

namespace framesmith {

WanLatentNormalization::WanLatentNormalization(const WanVaeConfig& config)
{
    const auto f64 = at::TensorOptions().dtype(at::kDouble);
    m_mean = at::tensor(config.latentsMean, f64).to(at::kFloat).view({1, config.zDim, 1, 1, 1});
    m_inverseStd = at::tensor(config.latentsStd, f64).to(at::kFloat).reciprocal().view({1, config.zDim, 1, 1, 1});
}

at::Tensor WanLatentNormalization::normalize(const at::Tensor& z) const
{
    const at::Tensor x = z.to(at::kFloat);
    return (x - m_mean.to(x.device())) * m_inverseStd.to(x.device());
}

at::Tensor WanLatentNormalization::denormalize(const at::Tensor& latents) const
{
    const at::Tensor x = latents.to(at::kFloat);
    return x / m_inverseStd.to(x.device()) + m_mean.to(x.device());
}

} // namespace framesmith
