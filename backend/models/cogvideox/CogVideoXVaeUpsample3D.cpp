#include "models/cogvideox/CogVideoXVaeUpsample3D.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXVaeUpsample3D::CogVideoXVaeUpsample3D(std::int64_t channels, bool compressTime)
    : m_compressTime(compressTime)
{
    m_conv = registerModule("conv", std::make_shared<Conv2d>(channels, channels, std::array<std::int64_t, 2>{3, 3},
                                                             std::array<std::int64_t, 2>{1, 1},
                                                             std::array<std::int64_t, 2>{1, 1}));
}

std::int64_t CogVideoXVaeUpsample3D::framesOut(std::int64_t frames, bool compressTime)
{
    if (!compressTime || frames == 1)
        return frames;
    return frames % 2 == 1 ? 1 + 2 * (frames - 1) : 2 * frames;
}

namespace {

// dst [B, C, n * repeat, 2h, 2w] <- src [B, C, n, h, w], nearest (each value copied in place).
void repeatInto(const at::Tensor& dst, const at::Tensor& src, std::int64_t repeat)
{
    const auto b = src.size(0), c = src.size(1), n = src.size(2), h = src.size(3), w = src.size(4);
    dst.view({b, c, n, repeat, h, 2, w, 2})
        .copy_(src.view({b, c, n, 1, h, 1, w, 1}).expand({b, c, n, repeat, h, 2, w, 2}));
}

} // namespace

at::Tensor CogVideoXVaeUpsample3D::forward(at::Tensor x) const
{
    const std::int64_t frames = x.size(2);
    const std::int64_t outFrames = framesOut(frames, m_compressTime);
    at::Tensor up = at::empty({x.size(0), x.size(1), outFrames, 2 * x.size(3), 2 * x.size(4)}, x.options());
    if (!m_compressTime || frames == 1) {
        repeatInto(up, x, 1);
    } else if (frames % 2 == 1) {
        // diffusers: x_first interpolated in 2D, x_rest in 3D, concatenated.
        repeatInto(up.narrow(2, 0, 1), x.narrow(2, 0, 1), 1);
        repeatInto(up.narrow(2, 1, outFrames - 1), x.narrow(2, 1, frames - 1), 2);
    } else {
        repeatInto(up, x, 2);
    }
    x.reset();
    return at::conv3d(up, m_conv->weight.unsqueeze(2), m_conv->bias, {1, 1, 1}, {0, 1, 1});
}

} // namespace framesmith
