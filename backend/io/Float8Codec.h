#pragma once
// Widens the two safetensors float8 formats (F8_E4M3 = OCP e4m3fn, F8_E5M2) to float32.
// libtorch 1.13 has no float8 dtype, so checkpoints stored in float8 are decoded through a
// 256-entry table; exact, since every float8 value is representable in float32.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>

namespace framesmith {

class Float8Codec {
public:
    static bool isFloat8(const std::string& dtype) { return dtype == "F8_E4M3" || dtype == "F8_E5M2"; }
    // One byte in `dtype` ("F8_E4M3" or "F8_E5M2") as a float (NaN/inf where the format has them).
    static float toFloat(std::uint8_t byte, const std::string& dtype);
    // raw: kByte tensor of float8 bytes, any shape -> float32 tensor of the same shape (CPU).
    static at::Tensor widen(const at::Tensor& raw, const std::string& dtype);
};

} // namespace framesmith
