#pragma once
// A smooth synthetic clip for export tests: diagonal gradients that drift plus a soft-edged disc
// moving across; what a codec at sane quality reproduces closely (no noise, no hard edges).
#include "framesmith/VideoFrames.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace framesmith::test {

inline VideoFrames syntheticClip(int frameCount, int width, int height, double fps = 8)
{
    VideoFrames clip;
    clip.frameCount = frameCount;
    clip.width = width;
    clip.height = height;
    clip.fps = fps;
    clip.rgb.resize(clip.frameBytes() * frameCount);
    for (int f = 0; f < frameCount; ++f) {
        const double cx = width * (0.2 + 0.6 * f / std::max(1, frameCount - 1));
        const double cy = height * 0.5, radius = std::min(width, height) * 0.2;
        std::uint8_t* out = clip.frame(f);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x, out += 3) {
                const double u = double(x) / width, v = double(y) / height;
                const double d = std::hypot(x - cx, y - cy);
                const double disc = std::clamp((radius - d) / 3.0, 0.0, 1.0); // 3-pixel soft edge
                const double base[3] = {40 + 170 * u, 60 + 120 * v + 4 * f, 200 - 150 * u * v};
                const double shape[3] = {230, 200, 60};
                for (int c = 0; c < 3; ++c)
                    out[c] = static_cast<std::uint8_t>(std::lround(std::clamp(
                        base[c] * (1 - disc) + shape[c] * disc, 0.0, 255.0)));
            }
    }
    return clip;
}

// PSNR of `decoded` against `source` over the source's size (decoded may be padded larger).
inline double psnr(const VideoFrames& source, const VideoFrames& decoded, int frameIndex)
{
    double squared = 0;
    const std::uint8_t* a = source.frame(frameIndex);
    const std::uint8_t* b = decoded.frame(frameIndex);
    for (int y = 0; y < source.height; ++y)
        for (int x = 0; x < source.width * 3; ++x) {
            const double d = double(a[y * source.width * 3 + x]) - b[y * decoded.width * 3 + x];
            squared += d * d;
        }
    const double mse = squared / (double(source.width) * source.height * 3);
    return mse == 0 ? std::numeric_limits<double>::infinity() : 10 * std::log10(255.0 * 255.0 / mse);
}

} // namespace framesmith::test
