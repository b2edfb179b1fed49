#include "models/cogvideox/vae/CogVideoXVaeUpsample3D.h"

#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {
namespace {

// The two taps that a 3-tap kernel row (or column) becomes on the source grid, for the output
// rows of phase `phase` (even = 0, odd = 1): nearest 2x upsampling repeats each source row, so
// two of the three taps always read the same source row and their weights add.
at::Tensor foldTaps(const at::Tensor& w, std::int64_t dim, int phase)
{
    const at::Tensor t0 = w.select(dim, 0), t1 = w.select(dim, 1), t2 = w.select(dim, 2);
    return phase == 0 ? at::stack({t0, t1 + t2}, dim) : at::stack({t0 + t1, t2}, dim);
}

} // namespace

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

at::Tensor CogVideoXVaeUpsample3D::phaseWeight() const
{
    // [4C, C, 1, 2, 2]: the 2x2 kernels of the four output phases (even/odd row, even/odd
    // column), phase-major. Folded in float so that bf16/fp16 weights add without rounding twice.
    const at::Tensor w = m_conv->weight.to(at::kFloat);
    std::vector<at::Tensor> phases;
    for (int rowPhase = 0; rowPhase < 2; ++rowPhase) {
        const at::Tensor rows = foldTaps(w, 2, rowPhase);
        for (int columnPhase = 0; columnPhase < 2; ++columnPhase)
            phases.push_back(foldTaps(rows, 3, columnPhase));
    }
    return at::cat(phases, 0).unsqueeze(2).to(m_conv->weight.scalar_type());
}

void CogVideoXVaeUpsample3D::interleave(const at::Tensor& phases, at::Tensor outFrame)
{
    // phases: [B, 4C, H+1, W+1], the 2x2 convolution with padding 1; phase (a, b) of output
    // pixel (2i+a, 2j+b) is its row i+a, column j+b.
    const std::int64_t batch = outFrame.size(0), channels = outFrame.size(1);
    const std::int64_t rows = outFrame.size(2) / 2, columns = outFrame.size(3) / 2;
    const at::Tensor byPhase = phases.view({batch, 2, 2, channels, rows + 1, columns + 1});
    const at::Tensor target = outFrame.view({batch, channels, rows, 2, columns, 2});
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 2; ++b)
            target.select(5, b).select(3, a).copy_(
                byPhase.select(1, a).select(1, b).narrow(2, a, rows).narrow(3, b, columns));
}

at::Tensor CogVideoXVaeUpsample3D::forward(at::Tensor x, const CausalConvCache& run) const
{
    // Nearest 2x upsampling then a 3x3 conv equals four 2x2 convs on the source grid, one per
    // output phase: 16 instead of 36 multiply-adds per output pixel and channel, no upsampled
    // copy of the input, and each source frame convolved once even where time doubles it.
    const std::int64_t batch = x.size(0), channels = x.size(1), frames = x.size(2);
    const std::int64_t rows = x.size(3), columns = x.size(4);
    const std::int64_t outFrames = framesOut(frames, m_compressTime);
    // Windows of source frames, bounded like the upsampled frames they stand for.
    const std::vector<std::int64_t> windows = run.windows(frames, 0, {batch, channels, 2 * rows, 2 * columns}, x);
    const at::Tensor weight = phaseWeight();
    const at::Tensor bias = m_conv->bias.defined() ? m_conv->bias.repeat({4}) : at::Tensor();
    at::Tensor output;
    std::int64_t s0 = 0, t = 0;
    for (const std::int64_t n : windows) {
        at::Tensor source = x.narrow(2, s0, n);
        if (s0 + n == frames)
            x.reset();
        const at::Tensor phases = VaeConvolution::run(source, weight, bias, {1, 1, 1}, {0, 1, 1});
        source.reset();
        if (!output.defined()) // after the first window's convolution: not beside its engine buffers
            output = at::empty({batch, channels, outFrames, 2 * rows, 2 * columns}, phases.options());
        for (; t < outFrames && sourceFrame(t, frames) < s0 + n; ++t)
            interleave(phases.select(2, sourceFrame(t, frames) - s0), output.select(2, t));
        s0 += n;
    }
    return output;
}

} // namespace framesmith
