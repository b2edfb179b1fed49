#pragma once
// The causal 3-D convolution of every family's VAE: a Conv3d whose input is padded in time by
// `timePadding` frames in front -- the previous frame batch's last frames when there are some,
// else copies of the first frame (diffusers' fake_context_parallel_forward) or zeros (an F.pad of
// the time axis) -- and by zeros in height and width (inside the convolution: no padded copy
// exists).
//
// Lean form: the caller's `fill` writes its transform of the input (e.g. GroupNorm + SiLU)
// straight into the time-padded window the conv reads, so neither the normalised tensor nor a
// concatenation exists on its own; inputs larger than the run's window budget are convolved a
// few output frames at a time into one output (windows: ConvWindowPlan), allocated after the
// first window's convolution so that it never sits beside the engine's copies. Consecutive
// windows share their overlap (moved, not filled again). forward is const; one run per cache.
#include "core/Layers.h"
#include "core/layers/CausalConvCache.h"

#include <array>
#include <functional>

namespace framesmith {

enum class CausalPadding {
    Invalid,
    FirstFrame, // a first frame batch repeats its first frame
    Zeros,      // zeros where no past frames are given
};

struct CausalConvOptions {
    std::array<std::int64_t, 3> kernel{3, 3, 3}; // t, h, w; height/width padded by kernel / 2
    std::int64_t timeStride = 1;
    std::int64_t timePadding = -1; // frames in front; -1: kernel_t - timeStride
    CausalPadding padding = CausalPadding::Invalid;
    bool hasBias = true;
    // Parameters under a child "conv" (a module wrapping nn.Conv3d) or on this module itself (a
    // subclass of nn.Conv3d), as the checkpoints name them.
    bool isNested = true;

    // A k x k x k kernel, stride 1, kernel - 1 frames in front.
    static CausalConvOptions cube(std::int64_t kernel, CausalPadding padding)
    {
        CausalConvOptions options;
        options.kernel = {kernel, kernel, kernel};
        options.padding = padding;
        return options;
    }
};

class CausalConv3d : public Module {
public:
    // Write transformed src frames [frameBegin, frameBegin + dst.size(2)) into dst, a view inside
    // the padded window ([B, C, n, H, W], each channel's frames contiguous). src may be undefined
    // where the fill holds its own input.
    using Fill = std::function<void(at::Tensor& dst, const at::Tensor& src, std::int64_t frameBegin)>;

    CausalConv3d(std::int64_t in, std::int64_t out, const CausalConvOptions& options);

    // Frame batches (stride 1): the past frames come from and go to `cache`, whose window budget
    // applies. src is released (this handle) as soon as it has been written into the buffer:
    // pass it with std::move when the caller no longer needs it. [B, Cin, T, H, W] -> [B, Cout, T, H, W]
    at::Tensor forward(at::Tensor src, const Fill& fill, CausalConvCache& cache) const;
    at::Tensor forward(at::Tensor src, CausalConvCache& cache) const; // fill = copy

    // One call on its own: `past` ([B, Cin, <= timePadding, H, W], may be undefined: fewer frames
    // than the padding are allowed, the padding mode fills the rest in front) stands before
    // the input, the rest of the padding as options.padding says. [B, Cin, T, H, W] -> [B, Cout, T', H, W]
    at::Tensor forward(const at::Tensor& src, const at::Tensor& past = {},
                       std::int64_t windowBytes = kWholeInput) const;
    // The same with the input only known to `fill`: `frames` frames of frameShape [B, C, H, W].
    at::Tensor forward(std::int64_t frames, at::IntArrayRef frameShape, const at::TensorOptions& options,
                       const Fill& fill, std::int64_t windowBytes) const;

    static constexpr std::int64_t kWholeInput = std::int64_t{1} << 62;

    std::int64_t timeKernel() const { return m_options.kernel[0]; }
    std::int64_t timePadding() const { return m_timePadding; }
    // T' = (T + timePadding - k_t) / stride + 1
    std::int64_t outputFrames(std::int64_t frames) const;
    // Output frames per window for input frames of `frameBytes` each under `windowBytes`.
    std::vector<std::int64_t> windows(std::int64_t frames, std::int64_t frameBytes, std::int64_t windowBytes) const;
    const at::Tensor& weight() const { return m_conv->weight; }
    const at::Tensor& bias() const { return m_conv->bias; }

private:
    struct Run; // one forward's input, geometry and windows

    at::Tensor run(Run& r, const Fill& fill, at::Tensor past, CausalConvCache* cache) const;
    at::Tensor convolve(const at::Tensor& window, const at::Tensor& weight) const;
    void fillWindow(at::Tensor& window, Run& r, const at::Tensor& past, std::int64_t p0, const Fill& fill) const;
    // Outputs [0, pad) of a first frame batch from firstFrames = x0..x_{pad-1} ([B, Cin, pad, H, W]).
    at::Tensor convolveRepeatedFirstFrame(const at::Tensor& firstFrames) const;
    void slideWindow(at::Tensor& window, const at::Tensor& previous, Run& r, std::int64_t p0, const Fill& fill) const;
    bool foldsFirstOutputs(const Run& r, bool hasPast) const;

    CausalConvOptions m_options;
    std::int64_t m_timePadding;
    std::shared_ptr<Conv3d> m_conv;
};

} // namespace framesmith
