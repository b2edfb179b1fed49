#include "core/layers/CausalConv3d.h"

#include "core/VaeConvolution.h"
#include "core/layers/ConvWindowPlan.h"
#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstring>

namespace framesmith {

struct CausalConv3d::Run {
    at::Tensor src; // released once its last frames are in the window; undefined where the fill holds the input
    std::int64_t frames = 0;
    std::array<std::int64_t, 4> shape{}; // B, C, H, W of one input frame
    at::TensorOptions options;
    std::int64_t windowBytes = 0;
    std::vector<std::int64_t> windows; // output frames per window

    std::int64_t frameSize() const { return shape[0] * shape[1] * shape[2] * shape[3]; }
};

CausalConv3d::CausalConv3d(std::int64_t in, std::int64_t out, const CausalConvOptions& options)
    : m_options(options),
      m_timePadding(options.timePadding >= 0 ? options.timePadding : options.kernel[0] - options.timeStride)
{
    if (options.padding == CausalPadding::Invalid || options.timeStride < 1 || m_timePadding < 0)
        throw Error(ErrorCode::Internal, "causal conv: no padding mode, or a stride or time padding below zero");
    m_conv = std::make_shared<Conv3d>(in, out, options.kernel, std::array<std::int64_t, 3>{options.timeStride, 1, 1},
                                      std::array<std::int64_t, 3>{0, 0, 0}, options.hasBias);
    if (options.isNested) {
        registerModule("conv", m_conv);
        return;
    }
    registerParameter("weight", &m_conv->weight, {out, in, options.kernel[0], options.kernel[1], options.kernel[2]});
    if (options.hasBias)
        registerParameter("bias", &m_conv->bias, {out});
}

std::int64_t CausalConv3d::outputFrames(std::int64_t frames) const
{
    return (frames + m_timePadding - m_options.kernel[0]) / m_options.timeStride + 1;
}

std::vector<std::int64_t> CausalConv3d::windows(std::int64_t frames, std::int64_t frameBytes,
                                                std::int64_t windowBytes) const
{
    ConvWindowRequest request;
    request.frames = frames + m_timePadding >= m_options.kernel[0] ? outputFrames(frames) : 0;
    request.contextFrames = m_options.kernel[0] - m_options.timeStride;
    request.frameBytes = frameBytes;
    request.budgetBytes = windowBytes;
    request.stride = m_options.timeStride;
    return ConvWindowPlan::windows(request);
}

at::Tensor CausalConv3d::forward(at::Tensor src, CausalConvCache& cache) const
{
    auto copyFrames = [](at::Tensor& dst, const at::Tensor& s, std::int64_t begin) {
        dst.copy_(s.narrow(2, begin, dst.size(2)));
    };
    return forward(std::move(src), copyFrames, cache);
}

at::Tensor CausalConv3d::forward(at::Tensor src, const Fill& fill, CausalConvCache& cache) const
{
    if (m_options.timeStride != 1)
        throw Error(ErrorCode::Internal, "causal conv: frame batches need a time stride of 1");
    Run r;
    r.frames = src.size(2);
    r.shape = {src.size(0), src.size(1), src.size(3), src.size(4)};
    r.options = src.options();
    r.windowBytes = cache.windowBytes();
    r.src = std::move(src);
    return run(r, fill, {}, &cache);
}

at::Tensor CausalConv3d::forward(const at::Tensor& src, const at::Tensor& past, std::int64_t windowBytes) const
{
    auto copyFrames = [](at::Tensor& dst, const at::Tensor& s, std::int64_t begin) {
        dst.copy_(s.narrow(2, begin, dst.size(2)));
    };
    Run r;
    r.frames = src.size(2);
    r.shape = {src.size(0), src.size(1), src.size(3), src.size(4)};
    r.options = src.options();
    r.windowBytes = windowBytes;
    r.src = src;
    return run(r, copyFrames, past, nullptr);
}

at::Tensor CausalConv3d::forward(std::int64_t frames, at::IntArrayRef frameShape, const at::TensorOptions& options,
                                 const Fill& fill, std::int64_t windowBytes) const
{
    Run r;
    r.frames = frames;
    r.shape = {frameShape[0], frameShape[1], frameShape[2], frameShape[3]};
    r.options = options;
    r.windowBytes = windowBytes;
    return run(r, fill, {}, nullptr);
}

at::Tensor CausalConv3d::convolve(const at::Tensor& window, const at::Tensor& weight) const
{
    // Zero padding in height/width happens inside the convolution (the references pad explicitly).
    return VaeConvolution::run(window, weight, m_conv->bias, {m_options.timeStride, 1, 1},
                               {0, m_options.kernel[1] / 2, m_options.kernel[2] / 2});
}

void CausalConv3d::fillWindow(at::Tensor& window, Run& r, const at::Tensor& past, std::int64_t p0,
                              const Fill& fill) const
{
    // window = P[p0, p0 + length): padded frames before P[pad] (the input's first) are the past
    // frames' last ones, and before those the padding mode's frames.
    const std::int64_t pad = m_timePadding, length = window.size(2);
    const std::int64_t headCount = std::clamp<std::int64_t>(pad - p0, 0, length);
    at::Tensor body = window.narrow(2, headCount, length - headCount);
    if (length > headCount)
        fill(body, r.src, p0 + headCount - pad);
    if (headCount == 0)
        return;
    at::Tensor head = window.narrow(2, 0, headCount);
    const std::int64_t pastCount = past.defined() ? std::min(past.size(2), pad) : 0;
    const std::int64_t pastBegin = std::max(p0, pad - pastCount); // padded index of the first past frame read
    const std::int64_t made = pastBegin - p0;
    if (made < headCount)
        head.narrow(2, made, headCount - made)
            .copy_(past.narrow(2, past.size(2) - (pad - pastBegin), headCount - made));
    if (made == 0)
        return;
    at::Tensor front = head.narrow(2, 0, made);
    if (m_options.padding == CausalPadding::Zeros)
        front.zero_();
    else // diffusers fake_context_parallel_forward: the first batch repeats its first frame.
        front.copy_(body.narrow(2, 0, 1).expand({-1, -1, made, -1, -1}));
}

at::Tensor CausalConv3d::convolveRepeatedFirstFrame(const at::Tensor& firstFrames) const
{
    // diffusers pads the first frame batch with pad copies of its first frame x0, so output
    // t < pad reads x0 through its first pad - t + 1 taps: those taps summed make one kernel of
    // t + 1 frames over x0..x_t, pad - t frame convolutions fewer (kernel 3: 1 and 2 of 3).
    const std::int64_t pad = m_timePadding;
    const at::Tensor& weight = m_conv->weight;
    std::vector<at::Tensor> outputs;
    for (std::int64_t t = 0; t < pad; ++t) {
        const std::int64_t folded = pad - t + 1;
        const at::Tensor kernel = at::cat({weight.narrow(2, 0, folded).sum(2, true), weight.narrow(2, folded, t)}, 2);
        outputs.push_back(convolve(firstFrames.narrow(2, 0, t + 1).contiguous(), kernel));
    }
    return at::cat(outputs, 2);
}

void CausalConv3d::slideWindow(at::Tensor& window, const at::Tensor& previous, Run& r, std::int64_t p0,
                               const Fill& fill) const
{
    // The window's first frames (kernel_t - stride) are the previous window's last ones: moved
    // rather than transformed again (with one output frame per window, `fill` would otherwise
    // normalise every frame up to kernel_t times).
    const std::int64_t overlap = m_options.kernel[0] - m_options.timeStride;
    const std::int64_t length = window.size(2), previousLength = previous.size(2);
    if (window.is_cpu()) {
        // Both windows lay out [B*C][frames][H*W] from the buffer's start. Into a window no
        // longer than the previous one each channel's frames move down, so front first; into a
        // longer one they move up, so back first: never onto a channel still to move.
        const std::int64_t plane = window.size(3) * window.size(4) * window.element_size();
        const std::int64_t channels = window.size(0) * window.size(1);
        auto* base = static_cast<char*>(window.data_ptr());
        auto move = [&](std::int64_t bc) {
            std::memmove(base + bc * length * plane, base + (bc * previousLength + previousLength - overlap) * plane,
                         overlap * plane);
        };
        if (length <= previousLength)
            for (std::int64_t bc = 0; bc < channels; ++bc)
                move(bc);
        else
            for (std::int64_t bc = channels - 1; bc >= 0; --bc)
                move(bc);
    } else { // through a copy: the two views may overlap
        window.narrow(2, 0, overlap).copy_(previous.narrow(2, previousLength - overlap, overlap).clone());
    }
    at::Tensor body = window.narrow(2, overlap, length - overlap);
    fill(body, r.src, p0 + overlap - m_timePadding);
}

bool CausalConv3d::foldsFirstOutputs(const Run& r, bool hasPast) const
{
    return m_options.padding == CausalPadding::FirstFrame && m_options.timeStride == 1
        && m_timePadding == m_options.kernel[0] - 1 && at::isFloatingType(r.options.dtype().toScalarType())
        && ConvWindowPlan::foldsFirstOutputs(hasPast, r.windows.size(), r.frames, m_timePadding,
                                             static_cast<std::int64_t>(r.options.dtype().itemsize()));
}

at::Tensor CausalConv3d::run(Run& r, const Fill& fill, at::Tensor past, CausalConvCache* cache) const
{
    const std::int64_t kernel = m_options.kernel[0], stride = m_options.timeStride, pad = m_timePadding;
    const std::int64_t batch = r.shape[0], channels = r.shape[1], rows = r.shape[2], columns = r.shape[3];
    if (channels != m_conv->weight.size(1))
        throw ShapeError("causal conv: expected " + std::to_string(m_conv->weight.size(1)) + " input channels, got "
                         + std::to_string(channels));
    if (cache && pad == 0 && kernel == 1) {
        // A 1x1x1 conv needs no past frames: diffusers still clones its whole input as a cache
        // that is never read; nothing is kept here.
        at::Tensor input = at::empty({batch, channels, r.frames, rows, columns}, r.options);
        fill(input, r.src, 0);
        r.src.reset();
        return convolve(input, m_conv->weight);
    }
    const std::int64_t frameSize = r.frameSize(), outputs = outputFrames(r.frames);
    r.windows = windows(r.frames, frameSize * static_cast<std::int64_t>(r.options.dtype().itemsize()), r.windowBytes);
    if (r.windows.empty())
        throw ShapeError("causal conv: " + std::to_string(r.frames) + " frames are too few for a "
                         + std::to_string(kernel) + "-frame kernel");
    // The padded input P = [past or padding (pad frames), fill(src)]; output t reads P[t·stride, t·stride + kernel).
    const std::int64_t largest = (*std::max_element(r.windows.begin(), r.windows.end()) - 1) * stride + kernel;
    at::Tensor buffer = at::empty({largest * frameSize}, r.options);
    if (cache)
        past = cache->take(this);
    at::Tensor output, previous, head;
    std::int64_t outBegin = 0;
    if (foldsFirstOutputs(r, past.defined())) {
        // The first pad outputs read repeated copies of x0: convolved on their own with folded
        // taps (bf16/fp16 keep the reference's unfolded sums). The windows then start at
        // output pad, the first one taking x0..x_{pad-1} from here. Only where the output is
        // assembled from windows anyway: a single window returns the engine's result uncopied.
        previous = buffer.narrow(0, 0, pad * frameSize).view({batch, channels, pad, rows, columns});
        fill(previous, r.src, 0);
        head = convolveRepeatedFirstFrame(previous);
        r.windows = ConvWindowPlan::withoutFirstOutputs(r.windows, pad);
        outBegin = pad;
    }
    const at::Tensor weight = r.windows.size() == 1
        ? m_conv->weight
        : VaeConvolution::prepackedWeight(buffer, m_conv->weight, {stride, 1, 1},
                                          {0, m_options.kernel[1] / 2, m_options.kernel[2] / 2});
    for (const std::int64_t n : r.windows) {
        // Each window is a contiguous prefix of the buffer: no engine copies it again.
        const std::int64_t length = (n - 1) * stride + kernel, p0 = outBegin * stride;
        at::Tensor window = buffer.narrow(0, 0, length * frameSize).view({batch, channels, length, rows, columns});
        if (previous.defined())
            slideWindow(window, previous, r, p0, fill);
        else
            fillWindow(window, r, past, p0, fill);
        past.reset();
        const bool isLast = outBegin + n == outputs;
        if (isLast && cache && cache->nextBatchFollows() && pad > 0)
            cache->put(this, window.narrow(2, length - pad, pad).clone()); // P's last pad frames
        if (isLast)
            r.src.reset();
        if (n == outputs)
            return convolve(window, weight); // one window: no output copy
        const at::Tensor result = convolve(window, weight);
        if (!output.defined()) { // after the first window's convolution: not beside its engine buffers
            output = at::empty({batch, m_conv->weight.size(0), outputs, result.size(3), result.size(4)},
                               result.options());
            if (head.defined())
                output.narrow(2, 0, pad).copy_(head);
            head.reset();
        }
        output.narrow(2, outBegin, n).copy_(result);
        previous = window;
        outBegin += n;
    }
    return output;
}

} // namespace framesmith
