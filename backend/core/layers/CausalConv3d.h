#pragma once
// diffusers CogVideoXCausalConv3d: a Conv3d (child "conv") whose input is padded in time by
// kernel-1 frames taken from the previous frame batch (or, on the first batch, copies of the
// first frame) and by zeros in height and width.
//
// Lean form: the caller's `fill` writes its transform of the input (e.g. GroupNorm + SiLU)
// straight into the time-padded window the conv reads, so neither the normalised tensor nor a
// concatenation exists on its own; inputs larger than the run's window budget are convolved a
// few output frames at a time into one output (windows: ConvWindowPlan), allocated after the
// first window's convolution so that it never sits beside the engine's copies.
#include "core/Layers.h"
#include "core/layers/CausalConvCache.h"

#include <functional>

namespace framesmith {

class CausalConv3d : public Module {
public:
    // Write transformed src frames [frameBegin, frameBegin + dst.size(2)) into dst, a view inside
    // the padded window ([B, C, n, H, W], each channel's frames contiguous).
    using Fill = std::function<void(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin)>;

    CausalConv3d(std::int64_t in, std::int64_t out, std::int64_t kernel);

    // src is released (this handle) as soon as it has been written into the buffer: pass it with
    // std::move when the caller no longer needs it. [B, Cin, T, H, W] -> [B, Cout, T, H, W]
    at::Tensor forward(at::Tensor src, const Fill& fill, CausalConvCache& cache) const;
    at::Tensor forward(at::Tensor src, CausalConvCache& cache) const; // fill = copy

    std::int64_t timeKernel() const { return m_kernel; }
    const at::Tensor& weight() const { return m_conv->weight; }
    const at::Tensor& bias() const { return m_conv->bias; }

private:
    at::Tensor convolve(const at::Tensor& window, const at::Tensor& weight) const;
    void fillWindow(at::Tensor& window, const at::Tensor& src, const at::Tensor& past, std::int64_t t0,
                    const Fill& fill) const;
    // Outputs [0, pad) of a first frame batch from firstFrames = x0..x_{pad-1} ([B, Cin, pad, H, W]).
    at::Tensor convolveRepeatedFirstFrame(const at::Tensor& firstFrames) const;
    void slideWindow(at::Tensor& window, const at::Tensor& previous, const at::Tensor& src, std::int64_t t0,
                     const Fill& fill) const;

    std::int64_t m_kernel;
    std::shared_ptr<Conv3d> m_conv;
};

} // namespace framesmith
