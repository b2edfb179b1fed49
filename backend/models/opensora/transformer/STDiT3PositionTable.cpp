#include "models/opensora/transformer/STDiT3PositionTable.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

double STDiT3PositionTable::scaleFor(double heightPx, double widthPx, double inputSqSize)
{
    return std::sqrt(heightPx * widthPx) / inputSqSize; // (height[0].item() * width[0].item()) ** 0.5 / input_sq_size
}

std::int64_t STDiT3PositionTable::baseSizeFor(std::int64_t rows, std::int64_t columns)
{
    // round(S ** 0.5): the square root of an integer is never exactly k + 0.5, so ties cannot occur.
    return static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(rows * columns))));
}

at::Tensor STDiT3PositionTable::sinCos(const at::Tensor& positions, std::int64_t channels)
{
    // inv_freq = 1 / 10000 ** (arange(0, half, 2).float() / half), half = channels / 2, in float32.
    const std::int64_t half = channels / 2;
    const auto f32 = positions.options().dtype(at::kFloat);
    at::Tensor invFreq = at::pow(10000.0, at::arange(0, half, 2, f32).div(half)).reciprocal();
    at::Tensor angles = at::outer(positions, invFreq); // einsum("i,d->id")
    return at::cat({at::sin(angles), at::cos(angles)}, -1);
}

at::Tensor STDiT3PositionTable::build(std::int64_t rows, std::int64_t columns, std::int64_t channels, double scale,
                                      std::int64_t baseSize, c10::ScalarType dtype, c10::Device device)
{
    const auto f32 = at::TensorOptions().dtype(at::kFloat).device(device);
    // grid = arange(n) / scale, then *= base_size / n (float32 tensors, Python-float factors).
    at::Tensor y = at::arange(rows, f32).div(scale).mul(static_cast<double>(baseSize) / static_cast<double>(rows));
    at::Tensor x = at::arange(columns, f32).div(scale).mul(static_cast<double>(baseSize) / static_cast<double>(columns));
    at::Tensor xOfToken = x.repeat({rows});                      // token (r, c) -> x[c]
    at::Tensor yOfToken = y.repeat_interleave(columns);          // token (r, c) -> y[r]
    at::Tensor table = at::cat({sinCos(xOfToken, channels), sinCos(yOfToken, channels)}, -1);
    return table.unsqueeze(0).to(dtype);
}

} // namespace framesmith
