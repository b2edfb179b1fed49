#pragma once
// One pass of GroupNorm (+ the decoder's spatial modulation) (+ SiLU) that writes into a
// caller-owned view, so a ResNet half-block allocates only the conv's padded input.
// Statistics per (batch item, group) over all frames, rows and columns of `src` — i.e. per frame
// batch and per tile, as diffusers computes them. Shared by the families' VAEs (a CPU kernel of
// no one family).
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace framesmith {

// The decoder's spatial norm (diffusers' SpatialNorm3D): norm(f) * conv_y(zq) + conv_b(zq), zq interpolated (nearest)
// to f's size. conv_y/conv_b are 1x1x1, so they are evaluated on the small zq grid and
// gathered through the nearest-neighbour maps instead of on an interpolated full-size zq.
struct SpatialModulation {
    at::Tensor scale; // conv_y(zq): [B, C, Tz, hz, wz] contiguous, activation dtype
    at::Tensor shift; // conv_b(zq): same
    std::vector<std::int64_t> frameOf, rowOf, columnOf; // f index -> zq index per axis
};

struct GroupNormParams {
    std::int64_t groups = 32;
    double eps = 1e-6;
    at::Tensor weight, bias; // [C]
};

// Mean and 1/sqrt(var + eps) per (batch item, group), from all of src [B, C, T, H, W] (contiguous).
struct GroupNormStats {
    std::vector<float> mean, rstd; // [B * groups]
};
GroupNormStats groupNormStats(const at::Tensor& src, const GroupNormParams& norm);

// dst = act(norm(src frames [frameBegin, frameBegin + n)) (* scale + shift)), n = dst.size(2).
// dst may be a view whose (n, H, W) block per channel is contiguous (frames of a window buffer).
void groupNormApply(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin, const GroupNormStats& stats,
                    const GroupNormParams& norm, const SpatialModulation* modulation, bool applySilu);

// The same two steps in ATen ops, which the functions above use for tensors off the CPU (CUDA):
// the raw-pointer kernels read host memory only. Public so the CPU tests hold them to the kernels.
GroupNormStats groupNormStatsByOps(const at::Tensor& src, const GroupNormParams& norm);
void groupNormApplyByOps(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin, const GroupNormStats& stats,
                         const GroupNormParams& norm, const SpatialModulation* modulation);

// A normalisation fixed for one input: statistics taken once, frames written on demand.
struct NormPlan {
    GroupNormParams params;
    GroupNormStats stats;
    std::optional<SpatialModulation> modulation;
    bool applySilu = true;

    static NormPlan groupNorm(const GroupNormParams& params, const at::Tensor& src, bool applySilu);
    void apply(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin) const
    {
        groupNormApply(dst, src, frameBegin, stats, params, modulation ? &*modulation : nullptr, applySilu);
    }
};

// torch's nearest source index (upsample_nearest, no scale factor given).
std::int64_t nearestSourceIndex(std::int64_t outputIndex, std::int64_t inputSize, std::int64_t outputSize);

} // namespace framesmith
