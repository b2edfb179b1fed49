#include "models/opensora/conditioning/OpenSoraPilResize.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace framesmith {

namespace {

constexpr int kPrecisionBits = 32 - 8 - 2; // Resample.c PRECISION_BITS for 8-bit images

double cubic(double x) // bicubic_filter with a = −0.5
{
    constexpr double a = -0.5;
    x = std::fabs(x);
    if (x < 1.0)
        return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
    if (x < 2.0)
        return (((x - 5) * x + 8) * x - 4) * a;
    return 0.0;
}

// One output pixel's window into the input and its fixed-point weights (precompute_coeffs, then
// normalize_coeffs_8bpc).
struct Taps {
    int first = 0;
    std::vector<std::int32_t> weights;
};

std::vector<Taps> coefficients(int inSize, int outSize)
{
    const double scale = static_cast<double>(inSize) / outSize;
    const double filterScale = std::max(scale, 1.0);
    const double support = 2.0 * filterScale;
    const double invScale = 1.0 / filterScale; // Resample.c multiplies by ss = 1 / filterscale
    std::vector<Taps> taps(outSize);
    for (int xx = 0; xx < outSize; ++xx) {
        const double center = (xx + 0.5) * scale;
        const int xmin = std::max(static_cast<int>(center - support + 0.5), 0); // (int) truncates, as in C
        const int xmax = std::min(static_cast<int>(center + support + 0.5), inSize);
        std::vector<double> w(std::max(xmax - xmin, 0));
        double sum = 0.0;
        for (std::size_t x = 0; x < w.size(); ++x)
            sum += w[x] = cubic((static_cast<double>(x) + xmin - center + 0.5) * invScale);
        taps[xx].first = xmin;
        for (double k : w) {
            if (sum != 0.0)
                k /= sum;
            const double fixed = k * (1 << kPrecisionBits);
            taps[xx].weights.push_back(static_cast<std::int32_t>(k < 0 ? -0.5 + fixed : 0.5 + fixed));
        }
    }
    return taps;
}

std::uint8_t clip8(std::int64_t value)
{
    if (value >= (std::int64_t{1} << kPrecisionBits << 8))
        return 255;
    if (value <= 0)
        return 0;
    return static_cast<std::uint8_t>(value >> kPrecisionBits);
}

// One pass along an axis: `count` lines of `inSize` samples `stride` apart, 3 channels each.
void resamplePass(const std::uint8_t* in, std::uint8_t* out, int lines, int inSize, int outSize, std::int64_t inLineStep,
                  std::int64_t inStride, std::int64_t outLineStep, std::int64_t outStride)
{
    const std::vector<Taps> taps = coefficients(inSize, outSize);
    for (int line = 0; line < lines; ++line)
        for (int xx = 0; xx < outSize; ++xx)
            for (int c = 0; c < 3; ++c) {
                std::int64_t sum = std::int64_t{1} << (kPrecisionBits - 1);
                const Taps& t = taps[xx];
                for (std::size_t k = 0; k < t.weights.size(); ++k)
                    sum += static_cast<std::int64_t>(in[line * inLineStep + (t.first + static_cast<std::int64_t>(k)) * inStride + c]) *
                           t.weights[k];
                out[line * outLineStep + xx * outStride + c] = clip8(sum);
            }
}

} // namespace

at::Tensor OpenSoraPilResize::bicubic(const at::Tensor& rgb, int height, int width)
{
    if (rgb.dim() != 3 || rgb.size(2) != 3 || rgb.scalar_type() != at::kByte || height < 1 || width < 1)
        throw InvalidRequestError("reference", "expected an 8-bit RGB image and a positive size");
    at::Tensor image = rgb.contiguous();
    const int inH = static_cast<int>(image.size(0)), inW = static_cast<int>(image.size(1));
    // ImagingResample skips a pass whose size does not change.
    if (inW != width) {
        at::Tensor out = at::empty({inH, width, 3}, image.options());
        resamplePass(image.data_ptr<std::uint8_t>(), out.data_ptr<std::uint8_t>(), inH, inW, width,
                     std::int64_t{inW} * 3, 3, std::int64_t{width} * 3, 3);
        image = out;
    }
    if (inH != height) {
        const int w = static_cast<int>(image.size(1));
        at::Tensor out = at::empty({height, w, 3}, image.options());
        resamplePass(image.data_ptr<std::uint8_t>(), out.data_ptr<std::uint8_t>(), w, inH, height, 3,
                     std::int64_t{w} * 3, 3, std::int64_t{w} * 3);
        image = out;
    }
    return image;
}

} // namespace framesmith
