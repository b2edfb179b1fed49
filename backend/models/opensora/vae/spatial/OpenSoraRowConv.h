#pragma once
// The 2-D VAE's k x k convolutions (stride 1, zero padding k/2) over windows of rows: the caller's
// fill writes its transform of the input (GroupNorm + activation, nearest upsampling, a copy)
// straight into the window the convolution reads, so the transformed input never exists at full
// size; windows hold at most `windowBytes` of input and at least one output row. Row windows do
// not change the result beyond the engine's rounding (each output row reads only its k input rows).
// Stateless; any thread.
#include "core/Layers.h"
#include "models/opensora/vae/OpenSoraGroupNormPlan.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>

namespace framesmith {

class OpenSoraRowConv {
public:
    // Write rows [rowBegin, rowBegin + dst.size(2)) of the transformed input into dst [B, C, n, W]
    // (a slice of the window buffer: each channel's rows are contiguous).
    using Fill = std::function<void(at::Tensor& dst, std::int64_t rowBegin)>;

    // rows x columns: the transformed input's size; returns [B, conv out channels, rows, columns].
    static at::Tensor run(std::int64_t batch, std::int64_t rows, std::int64_t columns, const Fill& fill,
                          const Conv2d& conv, std::int64_t windowBytes, const at::TensorOptions& options);
    // fill = a copy of src [B, C, H, W].
    static at::Tensor run(const at::Tensor& src, const Conv2d& conv, std::int64_t windowBytes);
    // conv(act(norm(src))) for src [B, C, H, W] contiguous: statistics once, rows normalised per window.
    static at::Tensor normalized(const at::Tensor& src, const GroupNorm& norm, OpenSoraActivation activation,
                                 const Conv2d& conv, std::int64_t windowBytes);

    // Output rows per window for an input of `rows` rows of `rowBytes` each.
    static std::vector<std::int64_t> windows(std::int64_t rows, std::int64_t kernel, std::int64_t rowBytes,
                                             std::int64_t windowBytes);
    // at::conv2d(input, weight, bias, stride, padding); float convs on the CPU go to oneDNN
    // directly (ATen's size test would send small windows to the 9x-unfolding slow path).
    static at::Tensor convolve(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                               at::IntArrayRef stride, at::IntArrayRef padding);
};

} // namespace framesmith
