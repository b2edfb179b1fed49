#pragma once
// Open-Sora PositionEmbedding2D as STDiT3 calls it: a fixed 2-D sincos table added once after
// patchify. The first half of the channels encodes the token's x (column), the second half its y
// (row) — the reference's variable names say the opposite, its meshgrid swaps them. Any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

class STDiT3PositionTable {
public:
    // [1, rows·columns, channels] in `dtype`, tokens (y, x) with x fastest. `scale` is
    // sqrt(height·width) / input_sq_size of the pixel size, baseSize round(sqrt(rows·columns)).
    static at::Tensor build(std::int64_t rows, std::int64_t columns, std::int64_t channels, double scale,
                            std::int64_t baseSize, c10::ScalarType dtype, c10::Device device);
    // The scale and base size STDiT3.forward derives (Python round of sqrt(S)).
    static double scaleFor(double heightPx, double widthPx, double inputSqSize);
    static std::int64_t baseSizeFor(std::int64_t rows, std::int64_t columns);

private:
    // [n] positions -> [n, channels / 2] = [sin(p·ω) | cos(p·ω)], float32.
    static at::Tensor sinCos(const at::Tensor& positions, std::int64_t channels);
};

} // namespace framesmith
