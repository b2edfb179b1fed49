#include "models/opensora/vae/OpenSoraGroupNormPlan.h"

#include "framesmith/Error.h"
#include "core/GroupNormKernel.h"

#include <ATen/ATen.h>

#include <atomic>

namespace framesmith {

namespace {

std::atomic<bool> g_isPortableForced{false};

GroupNormParams paramsOf(const GroupNorm& norm)
{
    return GroupNormParams{norm.groups(), norm.eps(), norm.weight, norm.bias};
}

} // namespace

void OpenSoraGroupNormPlan::setPortablePathForTests(bool isForced)
{
    g_isPortableForced = isForced;
}

OpenSoraGroupNormPlan::OpenSoraGroupNormPlan(const GroupNorm& norm, const at::Tensor& src, OpenSoraActivation activation)
    : m_norm(norm), m_activation(activation)
{
    if (src.dim() != 5 || !src.is_contiguous() || src.size(1) != norm.weight.size(0))
        throw ShapeError("Open-Sora VAE group norm: expected a contiguous [B, " + std::to_string(norm.weight.size(0))
                         + ", T, H, W] input, got " + c10::str(src.sizes()));
    m_isKernelPath = src.is_cpu() && !g_isPortableForced;
    if (m_isKernelPath) {
        GroupNormStats stats = groupNormStats(src, paramsOf(norm));
        m_mean = std::move(stats.mean);
        m_rstd = std::move(stats.rstd);
        return;
    }
    // torch GroupNorm: biased variance per (item, group), rstd = 1 / sqrt(var + eps), in float32.
    const std::int64_t batch = src.size(0), channels = src.size(1), groups = norm.groups();
    const at::Tensor grouped = src.view({batch, groups, -1});
    auto [var, mean] = at::var_mean(grouped.to(at::kFloat), {2}, /*unbiased=*/false, /*keepdim=*/false); // [B, G]
    const at::Tensor rstd = at::rsqrt(var + norm.eps());
    const at::Tensor perChannel = at::arange(channels, src.options().dtype(at::kLong)).div(channels / groups, "floor");
    const at::Tensor gamma = norm.weight.to(at::kFloat).view({1, channels});
    const at::Tensor beta = norm.bias.to(at::kFloat).view({1, channels});
    const at::Tensor scale = rstd.index_select(1, perChannel) * gamma;           // [B, C]
    const at::Tensor shift = beta - mean.index_select(1, perChannel) * scale;    // [B, C]
    m_scale = scale.view({batch, channels, 1, 1, 1});
    m_shift = shift.view({batch, channels, 1, 1, 1});
}

void OpenSoraGroupNormPlan::apply(at::Tensor& dst, const at::Tensor& src, std::int64_t begin) const
{
    if (m_isKernelPath) {
        GroupNormStats stats{m_mean, m_rstd};
        groupNormApply(dst, src, begin, stats, paramsOf(m_norm), nullptr, m_activation == OpenSoraActivation::Silu);
    } else {
        // Out of place: for a float32 src, to(kFloat) is src itself.
        const at::Tensor frames = src.narrow(2, begin, dst.size(2)).to(at::kFloat);
        dst.copy_(at::addcmul(m_shift, frames, m_scale));
        if (m_activation == OpenSoraActivation::Silu)
            at::silu_(dst);
    }
    if (m_activation == OpenSoraActivation::Relu)
        dst.relu_();
}

} // namespace framesmith
