#include "models/wan/vae/WanCausalConv3d.h"

#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

namespace framesmith {

WanCausalConv3d::WanCausalConv3d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
                                 std::array<std::int64_t, 3> stride, std::array<std::int64_t, 3> padding)
    : m_stride(stride), m_padding(padding)
{
    registerParameter("weight", &weight, {out, in, kernel[0], kernel[1], kernel[2]});
    registerParameter("bias", &bias, {out});
}

at::Tensor WanCausalConv3d::forward(const at::Tensor& xIn, const at::Tensor& cached) const
{
    at::Tensor x = xIn;
    std::int64_t front = 2 * m_padding[0];
    // Cached frames replace front zeros only where the conv pads in time (a 1x1x1 conv ignores them).
    if (cached.defined() && front > 0) {
        x = at::cat({cached.to(x.device()), x}, 2);
        front -= cached.size(2);
    }
    // F.pad(x, (w, w, h, h, 2·p_t − cached, 0)); a negative front (never with CACHE_T = 2) would crop as F.pad does.
    x = at::constant_pad_nd(x, {m_padding[2], m_padding[2], m_padding[1], m_padding[1], front, 0});
    return VaeConvolution::run(x, weight, bias, m_stride, {0, 0, 0});
}

at::Tensor WanCausalConv3d::forwardCached(const at::Tensor& x, WanCausalCache& cache) const
{
    WanCausalCache::Slot& slot = cache.next();
    at::Tensor keep = WanCausalCache::framesToKeep(x, slot);
    at::Tensor out = forward(x, slot.frames);
    slot.frames = std::move(keep);
    return out;
}

} // namespace framesmith
