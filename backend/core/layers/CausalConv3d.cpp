#include "core/layers/CausalConv3d.h"

#include "core/VaeConvolution.h"
#include "core/layers/ConvWindowPlan.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstring>

namespace framesmith {

CausalConv3d::CausalConv3d(std::int64_t in, std::int64_t out, std::int64_t kernel)
    : m_kernel(kernel)
{
    m_conv = registerModule("conv", std::make_shared<Conv3d>(in, out, std::array<std::int64_t, 3>{kernel, kernel, kernel}));
}

at::Tensor CausalConv3d::forward(at::Tensor src, CausalConvCache& cache) const
{
    auto copyFrames = [](at::Tensor& dst, const at::Tensor& s, std::int64_t begin) {
        dst.copy_(s.narrow(2, begin, dst.size(2)));
    };
    return forward(std::move(src), copyFrames, cache);
}

at::Tensor CausalConv3d::convolve(const at::Tensor& window, const at::Tensor& weight) const
{
    // Zero padding in height/width happens inside the convolution (diffusers pads explicitly).
    const std::int64_t spatialPad = (m_kernel - 1) / 2;
    return VaeConvolution::run(window, weight, m_conv->bias, {1, 1, 1}, {0, spatialPad, spatialPad});
}

void CausalConv3d::fillWindow(at::Tensor& window, const at::Tensor& src, const at::Tensor& past, std::int64_t t0,
                              const Fill& fill) const
{
    // window = P[t0, t0 + n + pad): frames before src's first come from the past batch.
    const std::int64_t pad = m_kernel - 1, length = window.size(2);
    const std::int64_t headCount = std::max<std::int64_t>(pad - t0, 0);
    at::Tensor body = window.narrow(2, headCount, length - headCount);
    fill(body, src, t0 + headCount - pad);
    if (headCount == 0)
        return;
    at::Tensor head = window.narrow(2, 0, headCount);
    if (past.defined())
        head.copy_(past.narrow(2, t0, headCount));
    else // diffusers fake_context_parallel_forward: the first batch repeats its first frame.
        head.copy_(body.narrow(2, 0, 1).expand({-1, -1, headCount, -1, -1}));
}

at::Tensor CausalConv3d::convolveRepeatedFirstFrame(const at::Tensor& firstFrames) const
{
    // diffusers pads the first frame batch with pad copies of its first frame x0, so output
    // t < pad reads x0 through its first pad - t + 1 taps: those taps summed make one kernel of
    // t + 1 frames over x0..x_t, pad - t frame convolutions fewer (kernel 3: 1 and 2 of 3).
    const std::int64_t pad = m_kernel - 1, spatialPad = pad / 2;
    const at::Tensor& weight = m_conv->weight;
    std::vector<at::Tensor> outputs;
    for (std::int64_t t = 0; t < pad; ++t) {
        const std::int64_t folded = pad - t + 1;
        const at::Tensor kernel = at::cat({weight.narrow(2, 0, folded).sum(2, true), weight.narrow(2, folded, t)}, 2);
        outputs.push_back(VaeConvolution::run(firstFrames.narrow(2, 0, t + 1).contiguous(), kernel, m_conv->bias,
                                              {1, 1, 1}, {0, spatialPad, spatialPad}));
    }
    return at::cat(outputs, 2);
}

void CausalConv3d::slideWindow(at::Tensor& window, const at::Tensor& previous, const at::Tensor& src, std::int64_t t0,
                               const Fill& fill) const
{
    // The window's first pad frames are the previous window's last ones: moved rather than
    // transformed again (with one output frame per window, `fill` would otherwise normalise
    // every frame 1 + pad times).
    const std::int64_t pad = m_kernel - 1, n = window.size(2) - pad, previousN = previous.size(2) - pad;
    if (window.is_cpu()) {
        // Both windows lay out [B*C][frames][H*W] from the buffer's start. Into a window no
        // longer than the previous one each channel's frames move down, so front first; into a
        // longer one they move up, so back first: never onto a channel still to move.
        const std::int64_t plane = window.size(3) * window.size(4) * window.element_size();
        const std::int64_t channels = window.size(0) * window.size(1);
        auto* base = static_cast<char*>(window.data_ptr());
        auto move = [&](std::int64_t bc) {
            std::memmove(base + bc * (n + pad) * plane, base + (bc * (previousN + pad) + previousN) * plane, pad * plane);
        };
        if (n <= previousN)
            for (std::int64_t bc = 0; bc < channels; ++bc)
                move(bc);
        else
            for (std::int64_t bc = channels - 1; bc >= 0; --bc)
                move(bc);
    } else { // through a copy: the two views may overlap
        window.narrow(2, 0, pad).copy_(previous.narrow(2, previousN, pad).clone());
    }
    at::Tensor body = window.narrow(2, pad, n);
    fill(body, src, t0);
}

at::Tensor CausalConv3d::forward(at::Tensor src, const Fill& fill, CausalConvCache& cache) const
{
    const std::int64_t pad = m_kernel - 1;
    const std::int64_t batch = src.size(0), channels = src.size(1), frames = src.size(2);
    const std::int64_t rows = src.size(3), columns = src.size(4);
    if (pad == 0) {
        // A 1x1x1 conv needs no past frames: diffusers still clones its whole input as a cache
        // that is never read; nothing is kept here.
        at::Tensor input = at::empty(src.sizes(), src.options());
        fill(input, src, 0);
        src.reset();
        return convolve(input, m_conv->weight);
    }
    // The padded input P = [past (pad frames), fill(src)]; output t reads P[t, t + pad].
    std::vector<std::int64_t> windows = cache.windows(frames, pad, {batch, channels, rows, columns}, src);
    const std::int64_t frameSize = batch * channels * rows * columns;
    const std::int64_t largest = *std::max_element(windows.begin(), windows.end());
    at::Tensor buffer = at::empty({(largest + pad) * frameSize}, src.options());
    at::Tensor past = cache.take(this);
    at::Tensor output, previous, head;
    std::int64_t t0 = 0;
    if (ConvWindowPlan::foldsFirstOutputs(past.defined(), windows.size(), frames, pad,
                                          static_cast<std::int64_t>(src.element_size()))
        && at::isFloatingType(src.scalar_type())) {
        // The first pad outputs read repeated copies of x0: convolved on their own with folded
        // taps (bf16/fp16 keep the reference's unfolded sums). The windows then start at
        // output pad, the first one taking x0..x_{pad-1} from here. Only where the output is
        // assembled from windows anyway: a single window returns the engine's result uncopied.
        previous = buffer.narrow(0, 0, pad * frameSize).view({batch, channels, pad, rows, columns});
        fill(previous, src, 0);
        head = convolveRepeatedFirstFrame(previous);
        windows = ConvWindowPlan::withoutFirstOutputs(windows, pad);
        t0 = pad;
    }
    const std::int64_t spatialPad = pad / 2;
    const at::Tensor weight = windows.size() == 1
        ? m_conv->weight
        : VaeConvolution::prepackedWeight(src, m_conv->weight, {1, 1, 1}, {0, spatialPad, spatialPad});
    for (const std::int64_t n : windows) {
        // Each window is a contiguous prefix of the buffer: no engine copies it again.
        at::Tensor window = buffer.narrow(0, 0, (n + pad) * frameSize).view({batch, channels, n + pad, rows, columns});
        if (previous.defined())
            slideWindow(window, previous, src, t0, fill);
        else
            fillWindow(window, src, past, t0, fill);
        past.reset();
        const bool isLast = t0 + n == frames;
        if (isLast && cache.nextBatchFollows())
            cache.put(this, window.narrow(2, n, pad).clone()); // P's last pad frames
        if (isLast)
            src.reset();
        if (n == frames)
            return convolve(window, weight); // one window: no output copy
        const at::Tensor result = convolve(window, weight);
        if (!output.defined()) { // after the first window's convolution: not beside its engine buffers
            output = at::empty({batch, m_conv->weight.size(0), frames, rows, columns}, result.options());
            if (head.defined())
                output.narrow(2, 0, pad).copy_(head);
            head.reset();
        }
        output.narrow(2, t0, n).copy_(result);
        previous = window;
        t0 += n;
    }
    return output;
}

} // namespace framesmith
