#include "models/cogvideox/CogVideoXVaeGroupNorm.h"

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
void writeChannel(T* dst, const T* src, const Plane& plane, float scale, float shift,
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
            const std::int64_t zRow = (mod->frameOf[t] * zPlane.rows + mod->rowOf[h]) * zPlane.columns;
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
void groupNormKernel(at::Tensor& dst, const at::Tensor& src, const GroupNormParams& norm,
                     const SpatialModulation* mod)
{
    const std::int64_t batch = src.size(0), channels = src.size(1);
    const Plane plane{src.size(2), src.size(3), src.size(4)};
    const Plane zPlane = mod ? Plane{mod->scale.size(2), mod->scale.size(3), mod->scale.size(4)} : Plane{0, 0, 0};
    const std::int64_t perGroup = channels / norm.groups;
    at::Tensor gamma = norm.weight.to(at::kFloat).contiguous();
    at::Tensor beta = norm.bias.to(at::kFloat).contiguous();
    const float* gammaData = gamma.data_ptr<float>();
    const float* betaData = beta.data_ptr<float>();
    const T* srcData = src.data_ptr<T>();
    T* dstData = dst.data_ptr<T>();
    const T* modScale = mod ? mod->scale.data_ptr<T>() : nullptr;
    const T* modShift = mod ? mod->shift.data_ptr<T>() : nullptr;
    const std::int64_t dstBatchStride = dst.stride(0), dstChannelStride = dst.stride(1);
    at::parallel_for(0, batch * norm.groups, 1, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t unit = begin; unit < end; ++unit) {
            const std::int64_t b = unit / norm.groups, g = unit % norm.groups;
            const T* groupSrc = srcData + (b * channels + g * perGroup) * plane.size();
            auto [mean, var] = moments(groupSrc, perGroup, plane.size());
            // torch GroupNorm: rstd = 1 / sqrt(var + eps); y = x * (rstd * gamma) + (beta - mean * rstd * gamma)
            const float rstd = static_cast<float>(1.0 / std::sqrt(std::max(var, 0.0) + norm.eps));
            for (std::int64_t i = 0; i < perGroup; ++i) {
                const std::int64_t c = g * perGroup + i;
                const float scale = rstd * gammaData[c];
                const float shift = betaData[c] - static_cast<float>(mean) * scale;
                const std::int64_t zOffset = (b * channels + c) * zPlane.size();
                writeChannel<T>(dstData + b * dstBatchStride + c * dstChannelStride, groupSrc + i * plane.size(), plane,
                                scale, shift, mod, modScale + (mod ? zOffset : 0), modShift + (mod ? zOffset : 0), zPlane);
            }
        }
    });
}

} // namespace

void groupNormInto(at::Tensor& dst, const at::Tensor& src, const GroupNormParams& norm,
                   const SpatialModulation* modulation, bool applySilu)
{
    at::Tensor input = src.contiguous();
    const auto plane = input.size(2) * input.size(3) * input.size(4);
    if (dst.sizes() != input.sizes() || dst.scalar_type() != input.scalar_type() || dst.stride(4) != 1
        || dst.stride(3) != input.size(4) || dst.stride(2) != input.size(3) * input.size(4) || plane == 0)
        throw ShapeError("VAE group norm: destination view does not match source " + std::to_string(input.dim()) + "-D");
    if (input.size(1) % norm.groups != 0)
        throw ShapeError("VAE group norm: " + std::to_string(input.size(1)) + " channels not divisible by "
                         + std::to_string(norm.groups) + " groups");
    if (modulation) {
        const auto& s = modulation->scale;
        if (!s.is_contiguous() || !modulation->shift.is_contiguous() || s.size(1) != input.size(1)
            || s.scalar_type() != input.scalar_type()
            || static_cast<std::int64_t>(modulation->frameOf.size()) != input.size(2)
            || static_cast<std::int64_t>(modulation->rowOf.size()) != input.size(3)
            || static_cast<std::int64_t>(modulation->columnOf.size()) != input.size(4))
            throw ShapeError("VAE spatial norm: modulation does not match the normalised tensor");
    }
    AT_DISPATCH_FLOATING_TYPES_AND2(at::kBFloat16, at::kHalf, input.scalar_type(), "vae_group_norm", [&] {
        groupNormKernel<scalar_t>(dst, input, norm, modulation);
    });
    if (applySilu)
        at::silu_(dst); // ATen's vectorised SiLU, in place on the view
}

} // namespace framesmith
