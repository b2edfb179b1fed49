#include "models/cogvideox/CausalConv3d.h"

#include <ATen/ATen.h>

namespace framesmith {

CausalConv3d::CausalConv3d(std::int64_t in, std::int64_t out, std::int64_t kernel)
    : m_kernel(kernel)
{
    m_conv = registerModule("conv", std::make_shared<Conv3d>(in, out, std::array<std::int64_t, 3>{kernel, kernel, kernel}));
}

at::Tensor CausalConv3d::forward(at::Tensor src, CausalConvCache& cache) const
{
    return forward(std::move(src), [](at::Tensor& dst, const at::Tensor& s) { dst.copy_(s); }, cache);
}

at::Tensor CausalConv3d::forward(at::Tensor src, const Fill& fill, CausalConvCache& cache) const
{
    const std::int64_t pad = m_kernel - 1;
    const std::int64_t spatialPad = (m_kernel - 1) / 2;
    if (pad == 0) {
        // A 1x1x1 conv needs no past frames: diffusers still clones its whole input as a cache
        // that is never read; nothing is kept here.
        at::Tensor input = at::empty(src.sizes(), src.options());
        fill(input, src);
        src.reset();
        return at::conv3d(input, m_conv->weight, m_conv->bias);
    }
    const std::int64_t frames = src.size(2);
    // [B, C, pad + T, H, W]
    at::Tensor buffer = at::empty({src.size(0), src.size(1), pad + frames, src.size(3), src.size(4)}, src.options());
    at::Tensor interior = buffer.narrow(2, pad, frames);
    fill(interior, src);
    src.reset();
    at::Tensor past = cache.take(this);
    if (past.defined()) {
        buffer.narrow(2, 0, pad).copy_(past);
        past.reset();
    } else {
        // diffusers fake_context_parallel_forward: the first batch repeats its first frame.
        buffer.narrow(2, 0, pad).copy_(interior.narrow(2, 0, 1).expand({-1, -1, pad, -1, -1}));
    }
    if (cache.nextBatchFollows())
        cache.put(this, buffer.narrow(2, frames, pad).clone());
    // Zero padding in height/width happens inside the convolution (diffusers pads explicitly).
    return at::conv3d(buffer, m_conv->weight, m_conv->bias, {1, 1, 1}, {0, spatialPad, spatialPad});
}

} // namespace framesmith
