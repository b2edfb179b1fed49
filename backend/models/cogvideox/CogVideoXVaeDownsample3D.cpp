#include "models/cogvideox/CogVideoXVaeDownsample3D.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXVaeDownsample3D::CogVideoXVaeDownsample3D(std::int64_t channels, bool compressTime)
    : m_compressTime(compressTime)
{
    m_conv = registerModule("conv", std::make_shared<Conv2d>(channels, channels, std::array<std::int64_t, 2>{3, 3},
                                                             std::array<std::int64_t, 2>{2, 2}));
}

std::int64_t CogVideoXVaeDownsample3D::framesOut(std::int64_t frames, bool compressTime)
{
    if (!compressTime)
        return frames;
    return frames % 2 == 1 ? 1 + (frames - 1) / 2 : frames / 2;
}

at::Tensor CogVideoXVaeDownsample3D::forward(at::Tensor x) const
{
    const std::int64_t frames = x.size(2), rows = x.size(3), columns = x.size(4);
    const std::int64_t outFrames = framesOut(frames, m_compressTime);
    // [B, C, T', H + 1, W + 1]: diffusers F.pad(x, (0, 1, 0, 1)), written in place.
    at::Tensor padded = at::empty({x.size(0), x.size(1), outFrames, rows + 1, columns + 1}, x.options());
    padded.select(3, rows).zero_();
    padded.select(4, columns).zero_();
    at::Tensor interior = padded.narrow(3, 0, rows).narrow(4, 0, columns);
    if (!m_compressTime) {
        interior.copy_(x);
    } else {
        // diffusers avg_pool1d(kernel 2, stride 2) over time = (a + b) / 2.
        const std::int64_t first = frames % 2; // odd counts keep frame 0 as it is
        if (first)
            interior.narrow(2, 0, 1).copy_(x.narrow(2, 0, 1));
        const std::int64_t pairs = (frames - first) / 2;
        if (pairs > 0) {
            at::Tensor pooled = interior.narrow(2, first, pairs);
            at::Tensor rest = x.narrow(2, first, 2 * pairs);
            at::add_out(pooled, rest.slice(2, 0, 2 * pairs, 2), rest.slice(2, 1, 2 * pairs, 2));
            pooled.div_(2);
        }
    }
    x.reset();
    // The per-frame Conv2d as a Conv3d with a one-frame kernel: no frame/channel transposes.
    return at::conv3d(padded, m_conv->weight.unsqueeze(2), m_conv->bias, {1, 2, 2});
}

} // namespace framesmith
