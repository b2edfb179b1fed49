#include "models/cogvideox/CogVideoXVaeUpsample3D.h"

#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

#include <algorithm>

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

std::int64_t CogVideoXVaeUpsample3D::sourceFrame(std::int64_t outFrame, std::int64_t frames) const
{
    // diffusers: a single frame is only upsampled in 2D; an odd count keeps x_first apart and
    // doubles x_rest (nearest); an even count doubles every frame.
    if (!m_compressTime || frames == 1)
        return outFrame;
    if (frames % 2 == 1)
        return outFrame == 0 ? 0 : 1 + (outFrame - 1) / 2;
    return outFrame / 2;
}

at::Tensor CogVideoXVaeUpsample3D::forward(at::Tensor x, const CausalConvCache& run) const
{
    const std::int64_t batch = x.size(0), channels = x.size(1), frames = x.size(2);
    const std::int64_t rows = x.size(3), columns = x.size(4);
    const std::int64_t outFrames = framesOut(frames, m_compressTime);
    const std::vector<std::int64_t> windows = run.windows(outFrames, 0, {batch, channels, 2 * rows, 2 * columns}, x);
    const std::int64_t frameSize = batch * channels * 4 * rows * columns;
    // The per-frame Conv2d as a Conv3d with a one-frame kernel: no frame/channel transposes.
    const at::Tensor weight = m_conv->weight.unsqueeze(2);
    at::Tensor buffer = at::empty({*std::max_element(windows.begin(), windows.end()) * frameSize}, x.options());
    at::Tensor output;
    std::int64_t t0 = 0;
    for (const std::int64_t n : windows) {
        // A contiguous prefix of the buffer: no engine copies it again.
        at::Tensor window = buffer.narrow(0, 0, n * frameSize).view({batch, channels, n, 2 * rows, 2 * columns});
        for (std::int64_t i = 0; i < n; ++i) // nearest 2x in height and width, in place
            window.narrow(2, i, 1)
                .view({batch, channels, 1, rows, 2, columns, 2})
                .copy_(x.narrow(2, sourceFrame(t0 + i, frames), 1)
                           .view({batch, channels, 1, rows, 1, columns, 1})
                           .expand({batch, channels, 1, rows, 2, columns, 2}));
        if (t0 + n == outFrames)
            x.reset();
        if (n == outFrames)
            return VaeConvolution::run(window, weight, m_conv->bias, {1, 1, 1}, {0, 1, 1});
        const at::Tensor result = VaeConvolution::run(window, weight, m_conv->bias, {1, 1, 1}, {0, 1, 1});
        if (!output.defined()) // after the first window's convolution: not beside its engine buffers
            output = at::empty({batch, channels, outFrames, 2 * rows, 2 * columns}, result.options());
        output.narrow(2, t0, n).copy_(result);
        t0 += n;
    }
    return output;
}

} // namespace framesmith
