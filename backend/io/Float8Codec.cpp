#include "io/Float8Codec.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cmath>
#include <limits>

namespace framesmith {

float Float8Codec::toFloat(std::uint8_t byte, const std::string& dtype)
{
    const float sign = (byte & 0x80) ? -1.0f : 1.0f;
    if (dtype == "F8_E4M3") {
        // e4m3fn: bias 7, no infinities, S.1111.111 is NaN.
        int exponent = (byte >> 3) & 0xF, mantissa = byte & 0x7;
        if (exponent == 0xF && mantissa == 0x7)
            return std::numeric_limits<float>::quiet_NaN();
        if (exponent == 0)
            return sign * std::ldexp(mantissa / 8.0f, -6);
        return sign * std::ldexp(1.0f + mantissa / 8.0f, exponent - 7);
    }
    if (dtype == "F8_E5M2") {
        // e5m2: IEEE-like, bias 15, exponent 31 holds inf/NaN.
        int exponent = (byte >> 2) & 0x1F, mantissa = byte & 0x3;
        if (exponent == 0x1F)
            return mantissa ? std::numeric_limits<float>::quiet_NaN() : sign * std::numeric_limits<float>::infinity();
        if (exponent == 0)
            return sign * std::ldexp(mantissa / 4.0f, -14);
        return sign * std::ldexp(1.0f + mantissa / 4.0f, exponent - 15);
    }
    throw Error(ErrorCode::Internal, "Float8Codec: '" + dtype + "' is not a float8 format");
}

at::Tensor Float8Codec::widen(const at::Tensor& raw, const std::string& dtype)
{
    float table[256];
    for (int b = 0; b < 256; ++b)
        table[b] = toFloat(static_cast<std::uint8_t>(b), dtype);
    // A plain table walk: no int64 index tensor (8x the checkpoint's size) is ever built.
    at::Tensor bytes = raw.to(at::kCPU).contiguous();
    at::Tensor out = at::empty(bytes.sizes(), at::TensorOptions().dtype(at::kFloat)); // same shape as raw
    const std::uint8_t* in = bytes.data_ptr<std::uint8_t>();
    float* dst = out.data_ptr<float>();
    for (std::int64_t i = 0, n = bytes.numel(); i < n; ++i)
        dst[i] = table[in[i]];
    return out;
}

} // namespace framesmith
