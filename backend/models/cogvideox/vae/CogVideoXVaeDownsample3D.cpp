#include "models/cogvideox/vae/CogVideoXVaeDownsample3D.h"

#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

#include <algorithm>

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

std::int64_t CogVideoXVaeDownsample3D::sourceFrame(std::int64_t outFrame, std::int64_t frames) const
{
    // First of the frames averaged into outFrame (odd counts keep frame 0 alone); -1 = frame 0 alone.
    const std::int64_t first = frames % 2;
    if (first && outFrame == 0)
        return -1;
    return first + 2 * (outFrame - first);
}

void CogVideoXVaeDownsample3D::fillFrame(at::Tensor dst, const at::Tensor& x, std::int64_t outFrame,
                                         std::int64_t frames) const
{
    const std::int64_t source = m_compressTime ? sourceFrame(outFrame, frames) : outFrame;
    if (!m_compressTime) {
        dst.copy_(x.select(2, source));
    } else if (source < 0) {
        dst.copy_(x.select(2, 0));
    } else { // diffusers avg_pool1d(kernel 2, stride 2) over time = (a + b) / 2
        at::add_out(dst, x.select(2, source), x.select(2, source + 1));
        dst.div_(2);
    }
}

at::Tensor CogVideoXVaeDownsample3D::forward(at::Tensor x, const CausalConvCache& run) const
{
    const std::int64_t batch = x.size(0), channels = x.size(1), frames = x.size(2);
    const std::int64_t rows = x.size(3), columns = x.size(4);
    const std::int64_t outFrames = framesOut(frames, m_compressTime);
    const std::vector<std::int64_t> windows = run.windows(outFrames, 0, {batch, channels, rows + 1, columns + 1}, x);
    const std::int64_t frameSize = batch * channels * (rows + 1) * (columns + 1);
    at::Tensor buffer = at::empty({*std::max_element(windows.begin(), windows.end()) * frameSize}, x.options());
    const at::Tensor weight = m_conv->weight.unsqueeze(2); // per-frame Conv2d as a one-frame Conv3d
    at::Tensor output;
    std::int64_t t0 = 0;
    for (const std::int64_t n : windows) {
        // [B, C, n, H + 1, W + 1], a contiguous prefix of the buffer: diffusers F.pad(x, (0, 1, 0, 1)).
        at::Tensor window = buffer.narrow(0, 0, n * frameSize).view({batch, channels, n, rows + 1, columns + 1});
        window.select(3, rows).zero_();
        window.select(4, columns).zero_();
        for (std::int64_t i = 0; i < n; ++i)
            fillFrame(window.select(2, i).narrow(2, 0, rows).narrow(3, 0, columns), x, t0 + i, frames);
        if (t0 + n == outFrames)
            x.reset();
        if (n == outFrames)
            return VaeConvolution::run(window, weight, m_conv->bias, {1, 2, 2}, {0, 0, 0});
        at::Tensor out = VaeConvolution::run(window, weight, m_conv->bias, {1, 2, 2}, {0, 0, 0});
        if (!output.defined())
            output = at::empty({batch, channels, outFrames, out.size(3), out.size(4)}, out.options());
        output.narrow(2, t0, n).copy_(out);
        t0 += n;
    }
    return output;
}

} // namespace framesmith
