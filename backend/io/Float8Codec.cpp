#include "io/Float8Codec.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

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

at::Tensor Float8Codec::table(const std::string& dtype)
{
    at::Tensor out = at::empty({256}, at::TensorOptions().dtype(at::kFloat));
    for (int b = 0; b < 256; ++b)
        out.data_ptr<float>()[b] = toFloat(static_cast<std::uint8_t>(b), dtype);
    return out;
}

at::Tensor Float8Codec::widen(const at::Tensor& raw, const std::string& dtype)
{
    const at::Tensor lookup = table(dtype);
    const float* table = lookup.data_ptr<float>();
    // A plain table walk: no int64 index tensor (8x the checkpoint's size) is ever built.
    at::Tensor bytes = raw.to(at::kCPU).contiguous();
    at::Tensor out = at::empty(bytes.sizes(), at::TensorOptions().dtype(at::kFloat)); // same shape as raw
    const std::uint8_t* in = bytes.data_ptr<std::uint8_t>();
    float* dst = out.data_ptr<float>();
    for (std::int64_t i = 0, n = bytes.numel(); i < n; ++i)
        dst[i] = table[in[i]];
    return out;
}

std::uint8_t Float8Codec::toE4M3(float value)
{
    if (std::isnan(value))
        return 0x7F;
    const std::uint8_t sign = std::signbit(value) ? 0x80 : 0x00;
    const float magnitude = std::fabs(value);
    constexpr std::uint8_t kMaxFinite = 0x7E; // S.1111.110 = 448
    if (magnitude >= 448.0f)
        return sign | kMaxFinite;
    if (magnitude < 0x1p-6f) {
        // Subnormal: steps of 2^-9; 8 steps round up into the smallest normal, whose byte is 8.
        return sign | static_cast<std::uint8_t>(std::nearbyint(magnitude * 0x1p9f));
    }
    int exponent = 0;
    const float fraction = std::frexp(magnitude, &exponent); // magnitude = fraction * 2^exponent, fraction in [0.5, 1)
    int biased = exponent - 1 + 7;
    // (2 * fraction - 1) * 8 is exact, so nearbyint rounds the true value ties-to-even.
    int mantissa = static_cast<int>(std::nearbyint((2.0f * fraction - 1.0f) * 8.0f));
    if (mantissa == 8) {
        mantissa = 0;
        ++biased;
    }
    if (biased > 15 || (biased == 15 && mantissa == 7))
        return sign | kMaxFinite;
    return sign | static_cast<std::uint8_t>((biased << 3) | mantissa);
}

at::Tensor Float8Codec::narrowToE4M3(const at::Tensor& values)
{
    const at::Tensor in = values.to(at::kCPU, at::kFloat).contiguous();
    at::Tensor out = at::empty(in.sizes(), at::TensorOptions().dtype(at::kByte)); // same shape
    const float* src = in.data_ptr<float>();
    std::uint8_t* dst = out.data_ptr<std::uint8_t>();
    at::parallel_for(0, in.numel(), 1 << 16, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t i = begin; i < end; ++i)
            dst[i] = toE4M3(src[i]);
    });
    return out;
}

} // namespace framesmith
