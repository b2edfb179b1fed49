#include "models/opensora/vae/OpenSoraCausalConv3d.h"

#include "framesmith/Error.h"
#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

OpenSoraCausalConv3d::OpenSoraCausalConv3d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
                                           std::int64_t timeStride, bool hasBias)
    : m_kernel(kernel), m_timeStride(timeStride)
{
    m_conv = registerModule("conv", std::make_shared<Conv3d>(in, out, kernel, std::array<std::int64_t, 3>{timeStride, 1, 1},
                                                             std::array<std::int64_t, 3>{0, 0, 0}, hasBias));
}

std::vector<std::int64_t> OpenSoraCausalConv3d::windows(std::int64_t frames, std::int64_t frameBytes,
                                                        std::int64_t windowBytes) const
{
    const std::int64_t total = outputFrames(frames);
    if (total <= 0)
        return {};
    // n outputs read (n - 1) * stride + k_t padded input frames.
    const std::int64_t fit = frameBytes > 0 ? windowBytes / frameBytes : frames + timePad();
    const std::int64_t perWindow = fit >= m_kernel[0] ? (fit - m_kernel[0]) / m_timeStride + 1 : 1;
    if (perWindow >= total)
        return {total};
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(total / perWindow), perWindow);
    if (total % perWindow > 0)
        sizes.push_back(total % perWindow);
    return sizes;
}

at::Tensor OpenSoraCausalConv3d::forward(std::int64_t frames, at::IntArrayRef frameShape, const Fill& fill,
                                         const at::TensorOptions& options, std::int64_t windowBytes) const
{
    const std::int64_t batch = frameShape[0], channels = frameShape[1], rows = frameShape[2], columns = frameShape[3];
    if (channels != m_conv->weight.size(1))
        throw ShapeError("Open-Sora temporal VAE conv: expected " + std::to_string(m_conv->weight.size(1))
                         + " input channels, got " + std::to_string(channels));
    const std::int64_t frameSize = batch * channels * rows * columns;
    const std::int64_t pad = timePad(), kernel = m_kernel[0], stride = m_timeStride;
    const std::vector<std::int64_t> sizes =
        windows(frames, frameSize * static_cast<std::int64_t>(options.dtype().itemsize()), windowBytes);
    if (sizes.empty())
        throw ShapeError("Open-Sora temporal VAE conv: " + std::to_string(frames) + " frames are too few for a "
                         + std::to_string(kernel) + "-frame kernel");
    const std::int64_t largest = (*std::max_element(sizes.begin(), sizes.end()) - 1) * stride + kernel;
    at::Tensor buffer = at::empty({largest * frameSize}, options);
    const std::array<std::int64_t, 3> padding{0, m_kernel[1] / 2, m_kernel[2] / 2};
    at::Tensor output;
    std::int64_t outBegin = 0;
    for (const std::int64_t n : sizes) {
        // Padded frames [p0, p0 + len); padded frame p is input frame p - pad, zeros before frame 0.
        const std::int64_t p0 = outBegin * stride, len = (n - 1) * stride + kernel;
        at::Tensor window = buffer.narrow(0, 0, len * frameSize).view({batch, channels, len, rows, columns});
        const std::int64_t zeros = std::clamp<std::int64_t>(pad - p0, 0, len);
        if (zeros > 0)
            window.narrow(2, 0, zeros).zero_();
        if (zeros < len) {
            at::Tensor body = window.narrow(2, zeros, len - zeros);
            fill(body, p0 + zeros - pad);
        }
        at::Tensor result = VaeConvolution::run(window, m_conv->weight, m_conv->bias, {stride, 1, 1}, padding);
        if (sizes.size() == 1)
            return result;
        if (!output.defined())
            output = at::empty({batch, m_conv->weight.size(0), outputFrames(frames), rows, columns}, result.options());
        output.narrow(2, outBegin, n).copy_(result);
        outBegin += n;
    }
    return output;
}

at::Tensor OpenSoraCausalConv3d::forward(const at::Tensor& src, std::int64_t windowBytes) const
{
    auto copyFrames = [&](at::Tensor& dst, std::int64_t begin) { dst.copy_(src.narrow(2, begin, dst.size(2))); };
    return forward(src.size(2), {src.size(0), src.size(1), src.size(3), src.size(4)}, copyFrames, src.options(),
                   windowBytes);
}

at::Tensor OpenSoraCausalConv3d::normalized(const at::Tensor& src, const GroupNorm& norm, OpenSoraActivation activation,
                                            std::int64_t windowBytes) const
{
    const at::Tensor input = src.contiguous();
    const OpenSoraGroupNormPlan plan(norm, input, activation);
    auto fill = [&](at::Tensor& dst, std::int64_t begin) { plan.apply(dst, input, begin); };
    return forward(input.size(2), {input.size(0), input.size(1), input.size(3), input.size(4)}, fill, input.options(),
                   windowBytes);
}

} // namespace framesmith
