#pragma once
// Widens the two safetensors float8 formats (F8_E4M3 = OCP e4m3fn, F8_E5M2) to float32, and
// narrows float32 to e4m3fn (fp8 weight storage). libtorch 1.13 has no float8 dtype, so float8 is
// kept as raw bytes and decoded through a 256-entry table; exact, since every float8 value is
// representable in float32.
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
    // The 256 decoded values of `dtype`, a float32 tensor indexed by the byte.
    static at::Tensor table(const std::string& dtype);
    // The nearest e4m3fn byte to `value` (ties to even, as torch's float8_e4m3fn cast), saturating
    // at +-448; NaN stays NaN.
    static std::uint8_t toE4M3(float value);
    // float32 tensor (CPU) -> kByte tensor of e4m3fn bytes, same shape.
    static at::Tensor narrowToE4M3(const at::Tensor& values);
};

} // namespace framesmith
