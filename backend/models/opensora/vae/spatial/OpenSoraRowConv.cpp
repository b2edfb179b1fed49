#include "models/opensora/vae/spatial/OpenSoraRowConv.h"

#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

std::vector<std::int64_t> OpenSoraRowConv::windows(std::int64_t rows, std::int64_t kernel, std::int64_t rowBytes,
                                                  std::int64_t windowBytes)
{
    if (rows <= 0)
        return {};
    const std::int64_t context = kernel - 1; // input rows a window reads beyond its outputs
    const std::int64_t fit = rowBytes > 0 ? windowBytes / rowBytes : rows + context;
    const std::int64_t perWindow = std::max<std::int64_t>(1, fit - context);
    if (perWindow >= rows)
        return {rows};
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(rows / perWindow), perWindow);
    if (rows % perWindow > 0)
        sizes.push_back(rows % perWindow);
    return sizes;
}

at::Tensor OpenSoraRowConv::convolve(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                                     at::IntArrayRef stride, at::IntArrayRef padding)
{
    if (!VaeConvolution::isDirectOneDnn(input))
        return at::conv2d(input, weight, bias, stride, padding);
    const std::int64_t dilation[] = {1, 1};
    return at::mkldnn_convolution(input.contiguous(), weight.contiguous(), bias, padding, stride, dilation, 1);
}

at::Tensor OpenSoraRowConv::run(std::int64_t batch, std::int64_t rows, std::int64_t columns, const Fill& fill,
                                const Conv2d& conv, std::int64_t windowBytes, const at::TensorOptions& options)
{
    const std::int64_t channels = conv.weight.size(1), kernel = conv.weight.size(2), pad = kernel / 2;
    const std::int64_t rowBytes = batch * channels * columns * static_cast<std::int64_t>(options.dtype().itemsize());
    const std::vector<std::int64_t> sizes = windows(rows, kernel, rowBytes, windowBytes);
    const std::int64_t largest = *std::max_element(sizes.begin(), sizes.end());
    at::Tensor buffer = at::empty({batch * channels * (largest + 2 * pad) * columns}, options);
    at::Tensor output;
    std::int64_t begin = 0;
    for (const std::int64_t n : sizes) {
        // Window rows [begin - pad, begin + n + pad); rows outside the image are the zero padding.
        at::Tensor window = buffer.narrow(0, 0, batch * channels * (n + 2 * pad) * columns)
                                .view({batch, channels, n + 2 * pad, columns});
        const std::int64_t first = std::max<std::int64_t>(begin - pad, 0);
        const std::int64_t last = std::min<std::int64_t>(begin + n + pad, rows);
        const std::int64_t head = first - (begin - pad), tail = (begin + n + pad) - last;
        if (head > 0)
            window.narrow(2, 0, head).zero_();
        if (tail > 0)
            window.narrow(2, n + 2 * pad - tail, tail).zero_();
        at::Tensor body = window.narrow(2, head, last - first);
        fill(body, first);
        at::Tensor result = convolve(window, conv.weight, conv.bias, {1, 1}, {0, pad});
        if (sizes.size() == 1)
            return result;
        if (!output.defined())
            output = at::empty({batch, conv.weight.size(0), rows, columns}, result.options());
        output.narrow(2, begin, n).copy_(result);
        begin += n;
    }
    return output;
}

at::Tensor OpenSoraRowConv::run(const at::Tensor& src, const Conv2d& conv, std::int64_t windowBytes)
{
    auto copyRows = [&](at::Tensor& dst, std::int64_t rowBegin) { dst.copy_(src.narrow(2, rowBegin, dst.size(2))); };
    return run(src.size(0), src.size(2), src.size(3), copyRows, conv, windowBytes, src.options());
}

at::Tensor OpenSoraRowConv::normalized(const at::Tensor& src, const GroupNorm& norm, OpenSoraActivation activation,
                                        const Conv2d& conv, std::int64_t windowBytes)
{
    // Rows play the part of frames: [B, C, H, W] -> [B, C, H, 1, W] for the norm plan.
    const at::Tensor rows = src.contiguous().unsqueeze(3);
    const OpenSoraGroupNormPlan plan(norm, rows, activation);
    auto fill = [&](at::Tensor& dst, std::int64_t rowBegin) {
        at::Tensor dst5 = dst.unsqueeze(3);
        plan.apply(dst5, rows, rowBegin);
    };
    return run(src.size(0), src.size(2), src.size(3), fill, conv, windowBytes, src.options());
}

} // namespace framesmith
