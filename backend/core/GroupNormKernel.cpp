#include "core/GroupNormKernel.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>

namespace framesmith {

std::int64_t nearestSourceIndex(std::int64_t outputIndex, std::int64_t inputSize, std::int64_t outputSize)
{
    // ATen nearest_idx: identity, exact halving, else floor(i * (float)in/out) clamped.
    if (outputSize == inputSize)
        return outputIndex;
    if (outputSize == 2 * inputSize)
        return outputIndex >> 1;
    const float scale = static_cast<float>(inputSize) / static_cast<float>(outputSize);
    const auto index = static_cast<std::int64_t>(std::floor(static_cast<float>(outputIndex) * scale));
    return std::min(index, inputSize - 1);
}

namespace {

struct Plane {
    std::int64_t frames, rows, columns;
    std::int64_t size() const { return frames * rows * columns; }
};

template <class T>
double blockSum(const T* p, std::int64_t n, float center, bool squared)
{
    // Independent float lanes keep the loop vectorisable; each block is folded into double.
    constexpr std::int64_t kLanes = 16, kBlock = 4096;
    double total = 0;
    for (std::int64_t start = 0; start < n; start += kBlock) {
        const std::int64_t len = std::min(kBlock, n - start);
        float lanes[kLanes] = {};
        std::int64_t i = 0;
        for (; i + kLanes <= len; i += kLanes)
            for (std::int64_t k = 0; k < kLanes; ++k) {
                const float d = static_cast<float>(p[start + i + k]) - center;
                lanes[k] += squared ? d * d : d;
            }
        for (; i < len; ++i) {
            const float d = static_cast<float>(p[start + i]) - center;
            lanes[0] += squared ? d * d : d;
        }
        for (float lane : lanes)
            total += lane;
    }
    return total;
}

template <class T>
std::pair<double, double> moments(const T* x, std::int64_t channels, std::int64_t n)
{
    // Two passes: the group mean, then the squared deviations from it (no cancellation).
    double sum = 0;
    for (std::int64_t c = 0; c < channels; ++c)
        sum += blockSum(x + c * n, n, 0.0f, false);
    const double count = static_cast<double>(channels * n);
    const double mean = sum / count;
    double squares = 0;
    for (std::int64_t c = 0; c < channels; ++c)
        squares += blockSum(x + c * n, n, static_cast<float>(mean), true);
    return {mean, squares / count};
}

template <class T>
void writeChannel(T* dst, const T* src, const Plane& plane, std::int64_t frameBegin, float scale, float shift,
                  const SpatialModulation* mod, const T* modScale, const T* modShift, const Plane& zPlane)
{
    if (!mod) {
        for (std::int64_t i = 0; i < plane.size(); ++i)
            dst[i] = static_cast<T>(static_cast<float>(src[i]) * scale + shift);
        return;
    }
    const std::int64_t* columnOf = mod->columnOf.data();
    for (std::int64_t t = 0; t < plane.frames; ++t) {
        for (std::int64_t h = 0; h < plane.rows; ++h) {
            const std::int64_t zRow = (mod->frameOf[frameBegin + t] * zPlane.rows + mod->rowOf[h]) * zPlane.columns;
            const T* ys = modScale + zRow;
            const T* bs = modShift + zRow;
            const std::int64_t offset = (t * plane.rows + h) * plane.columns;
            for (std::int64_t w = 0; w < plane.columns; ++w) {
                // Rounded to T after each step, like diffusers' separate tensor ops.
                T normed = static_cast<T>(static_cast<float>(src[offset + w]) * scale + shift);
                T scaled = static_cast<T>(static_cast<float>(normed) * static_cast<float>(ys[columnOf[w]]));
                dst[offset + w] = static_cast<T>(static_cast<float>(scaled) + static_cast<float>(bs[columnOf[w]]));
            }
        }
    }
}

template <class T>
void statsKernel(const at::Tensor& src, std::int64_t groups, double eps, GroupNormStats& stats)
{
    const std::int64_t batch = src.size(0), channels = src.size(1);
    const std::int64_t plane = src.size(2) * src.size(3) * src.size(4);
    const std::int64_t perGroup = channels / groups;
    const T* data = src.data_ptr<T>();
    at::parallel_for(0, batch * groups, 1, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t unit = begin; unit < end; ++unit) {
            const std::int64_t b = unit / groups, g = unit % groups;
            auto [mean, var] = moments(data + (b * channels + g * perGroup) * plane, perGroup, plane);
            stats.mean[unit] = static_cast<float>(mean);
            // torch GroupNorm: rstd = 1 / sqrt(max(var, 0) + eps)
            stats.rstd[unit] = static_cast<float>(1.0 / std::sqrt(std::max(var, 0.0) + eps));
        }
    });
}

template <class T>
void applyKernel(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin, const GroupNormStats& stats,
                 const GroupNormParams& norm, const SpatialModulation* mod)
{
    const std::int64_t batch = src.size(0), channels = src.size(1);
    const Plane srcPlane{src.size(2), src.size(3), src.size(4)};
    const Plane plane{dst.size(2), dst.size(3), dst.size(4)};
    const Plane zPlane = mod ? Plane{mod->scale.size(2), mod->scale.size(3), mod->scale.size(4)} : Plane{0, 0, 0};
    const std::int64_t perGroup = channels / norm.groups;
    at::Tensor gamma = norm.weight.to(at::kFloat).contiguous();
    at::Tensor beta = norm.bias.to(at::kFloat).contiguous();
    const float* gammaData = gamma.data_ptr<float>();
    const float* betaData = beta.data_ptr<float>();
    const T* srcData = src.data_ptr<T>();
    T* dstData = dst.data_ptr<T>();
    const std::int64_t dstBatchStride = dst.stride(0), dstChannelStride = dst.stride(1);
    at::parallel_for(0, batch * channels, 1, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t unit = begin; unit < end; ++unit) {
            const std::int64_t b = unit / channels, c = unit % channels;
            const std::int64_t statIndex = b * norm.groups + c / perGroup;
            // torch GroupNorm: y = x * (rstd * gamma) + (beta - mean * rstd * gamma)
            const float scale = stats.rstd[statIndex] * gammaData[c];
            const float shift = betaData[c] - stats.mean[statIndex] * scale;
            const std::int64_t zOffset = mod ? unit * zPlane.size() : 0;
            writeChannel<T>(dstData + b * dstBatchStride + c * dstChannelStride,
                            srcData + unit * srcPlane.size() + frameBegin * srcPlane.rows * srcPlane.columns, plane,
                            frameBegin, scale, shift, mod, mod ? mod->scale.data_ptr<T>() + zOffset : nullptr,
                            mod ? mod->shift.data_ptr<T>() + zOffset : nullptr, zPlane);
        }
    });
}

} // namespace

// Off the CPU (CUDA) the raw-pointer kernels above cannot read the data: the same arithmetic in
// ATen ops, one group (or one frame window) at a time so the float copies stay small.
GroupNormStats groupNormStatsByOps(const at::Tensor& src, const GroupNormParams& norm)
{
    const std::int64_t batch = src.size(0);
    const at::Tensor grouped = src.view({batch, norm.groups, -1});
    at::Tensor means = at::empty({batch, norm.groups}, src.options().dtype(at::kFloat));
    at::Tensor variances = at::empty_like(means);
    for (std::int64_t g = 0; g < norm.groups; ++g) {
        const at::Tensor group = grouped.select(1, g).to(at::kFloat);
        auto [var, mean] = at::var_mean(group, {1}, /*correction=*/0, /*keepdim=*/false);
        means.select(1, g).copy_(mean);
        variances.select(1, g).copy_(var);
    }
    const at::Tensor rstd = (variances.clamp_min(0) + norm.eps).rsqrt().cpu().contiguous();
    const at::Tensor meanCpu = means.cpu().contiguous();
    GroupNormStats stats;
    stats.mean.assign(meanCpu.data_ptr<float>(), meanCpu.data_ptr<float>() + meanCpu.numel());
    stats.rstd.assign(rstd.data_ptr<float>(), rstd.data_ptr<float>() + rstd.numel());
    return stats;
}

namespace {

at::Tensor indexTensor(const std::vector<std::int64_t>& values, std::int64_t begin, std::int64_t count,
                       const at::Device& device)
{
    at::Tensor cpu = at::empty({count}, at::TensorOptions().dtype(at::kLong));
    std::copy(values.begin() + begin, values.begin() + begin + count, cpu.data_ptr<std::int64_t>());
    return cpu.to(device);
}

} // namespace

void groupNormApplyByOps(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin, const GroupNormStats& stats,
                         const GroupNormParams& norm, const SpatialModulation* mod)
{
    const std::int64_t batch = src.size(0), channels = src.size(1), frames = dst.size(2);
    const auto floatOnDevice = src.options().dtype(at::kFloat);
    const at::Tensor mean = at::tensor(stats.mean).to(floatOnDevice).view({batch, norm.groups, 1});
    const at::Tensor rstd = at::tensor(stats.rstd).to(floatOnDevice).view({batch, norm.groups, 1});
    const at::Tensor gamma = norm.weight.to(floatOnDevice).view({1, norm.groups, -1});
    const at::Tensor beta = norm.bias.to(floatOnDevice).view({1, norm.groups, -1});
    // torch GroupNorm: y = x * (rstd * gamma) + (beta - mean * rstd * gamma)
    const at::Tensor scale = (rstd * gamma).reshape({batch, channels, 1, 1, 1});
    const at::Tensor shift = (beta - mean * rstd * gamma).reshape({batch, channels, 1, 1, 1});
    const at::Tensor window = src.narrow(2, frameBegin, frames);
    at::Tensor normed = (window.to(at::kFloat) * scale + shift).to(src.scalar_type());
    if (!mod) {
        dst.copy_(normed);
        return;
    }
    const at::Device device = src.device();
    const at::Tensor frameIndex = indexTensor(mod->frameOf, frameBegin, frames, device);
    const at::Tensor rowIndex = indexTensor(mod->rowOf, 0, src.size(3), device);
    const at::Tensor columnIndex = indexTensor(mod->columnOf, 0, src.size(4), device);
    const auto gather = [&](const at::Tensor& z) {
        return z.index_select(2, frameIndex).index_select(3, rowIndex).index_select(4, columnIndex);
    };
    // Rounded to the activation dtype after each step, like diffusers' separate tensor ops.
    normed = normed * gather(mod->scale);
    dst.copy_(normed + gather(mod->shift));
}

NormPlan NormPlan::groupNorm(const GroupNormParams& params, const at::Tensor& src, bool applySilu)
{
    NormPlan plan;
    plan.params = params;
    plan.stats = groupNormStats(src, params);
    plan.applySilu = applySilu;
    return plan;
}

GroupNormStats groupNormStats(const at::Tensor& src, const GroupNormParams& norm)
{
    if (!src.is_contiguous() || src.dim() != 5 || src.size(1) % norm.groups != 0)
        throw ShapeError("VAE group norm: expected a contiguous [B, C, T, H, W] input with C divisible by "
                         + std::to_string(norm.groups));
    if (!src.is_cpu())
        return groupNormStatsByOps(src, norm);
    GroupNormStats stats;
    stats.mean.resize(src.size(0) * norm.groups);
    stats.rstd.resize(src.size(0) * norm.groups);
    AT_DISPATCH_FLOATING_TYPES_AND2(at::kBFloat16, at::kHalf, src.scalar_type(), "vae_group_norm_stats", [&] {
        statsKernel<scalar_t>(src, norm.groups, norm.eps, stats);
    });
    return stats;
}

void groupNormApply(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin, const GroupNormStats& stats,
                    const GroupNormParams& norm, const SpatialModulation* modulation, bool applySilu)
{
    const std::int64_t frames = dst.size(2);
    if (dst.dim() != 5 || dst.size(0) != src.size(0) || dst.size(1) != src.size(1) || dst.size(3) != src.size(3)
        || dst.size(4) != src.size(4) || frameBegin < 0 || frameBegin + frames > src.size(2)
        || dst.scalar_type() != src.scalar_type() || dst.stride(4) != 1 || dst.stride(3) != src.size(4)
        || dst.stride(2) != src.size(3) * src.size(4) || !src.is_contiguous()
        || static_cast<std::int64_t>(stats.mean.size()) != src.size(0) * norm.groups)
        throw ShapeError("VAE group norm: destination frames do not match the source");
    if (modulation) {
        const auto& s = modulation->scale;
        if (!s.is_contiguous() || !modulation->shift.is_contiguous() || s.size(1) != src.size(1)
            || s.scalar_type() != src.scalar_type()
            || static_cast<std::int64_t>(modulation->frameOf.size()) != src.size(2)
            || static_cast<std::int64_t>(modulation->rowOf.size()) != src.size(3)
            || static_cast<std::int64_t>(modulation->columnOf.size()) != src.size(4))
            throw ShapeError("VAE spatial norm: modulation does not match the normalised tensor");
    }
    if (!src.is_cpu())
        groupNormApplyByOps(dst, src, frameBegin, stats, norm, modulation);
    else
        AT_DISPATCH_FLOATING_TYPES_AND2(at::kBFloat16, at::kHalf, src.scalar_type(), "vae_group_norm_apply", [&] {
            applyKernel<scalar_t>(dst, src, frameBegin, stats, norm, modulation);
        });
    if (applySilu)
        at::silu_(dst); // ATen's vectorised SiLU, in place on the view
}

} // namespace framesmith
