#include "models/wan/vae/WanResample.h"

#include "core/ModuleGroup.h"

#include <ATen/ATen.h>

namespace framesmith {

WanResample::WanResample(std::int64_t dim, Mode mode, std::int64_t upsampleOutDim) : m_mode(mode)
{
    if (upsampleOutDim == 0)
        upsampleOutDim = dim / 2;
    auto resample = registerModule("resample", std::make_shared<ModuleGroup>()); // [Upsample|ZeroPad2d, Conv2d]
    using Pair = std::array<std::int64_t, 2>;
    using Triple = std::array<std::int64_t, 3>;
    const bool isUp = mode == Mode::Upsample2d || mode == Mode::Upsample3d;
    if (isUp) // Conv2d(dim, out, 3, padding=1)
        m_conv = resample->add("1", std::make_shared<Conv2d>(dim, upsampleOutDim, Pair{3, 3}, Pair{1, 1}, Pair{1, 1}));
    else // Conv2d(dim, dim, 3, stride=2) after ZeroPad2d
        m_conv = resample->add("1", std::make_shared<Conv2d>(dim, dim, Pair{3, 3}, Pair{2, 2}));
    if (mode == Mode::Upsample3d) // WanCausalConv3d(dim, 2·dim, (3, 1, 1), padding=(1, 0, 0))
        m_timeConv = registerModule("time_conv", WanCausalConv3d::make(dim, dim * 2, Triple{3, 1, 1},
                                                                                   Triple{1, 1, 1}, Triple{1, 0, 0}));
    if (mode == Mode::Downsample3d) // WanCausalConv3d(dim, dim, (3, 1, 1), stride=(2, 1, 1))
        m_timeConv = registerModule("time_conv",
                                    WanCausalConv3d::make(dim, dim, Triple{3, 1, 1}, Triple{2, 1, 1}));
}

at::Tensor WanResample::forward(const at::Tensor& xIn, WanCausalCache& cache) const
{
    at::Tensor x = m_mode == Mode::Upsample3d ? upsampleTime(xIn, cache) : xIn;
    x = spatial(x);
    return m_mode == Mode::Downsample3d ? downsampleTime(x, cache) : x;
}

at::Tensor WanResample::upsampleTime(const at::Tensor& x, WanCausalCache& cache) const
{
    WanCausalCache::Slot& slot = cache.next();
    if (slot.isEmpty()) { // first chunk: no time conv, the slot remembers "Rep"
        slot.isRep = true;
        return x;
    }
    at::Tensor keep = WanCausalCache::framesToKeep(x, slot);
    if (keep.size(2) < 2 && slot.isRep) // the frame before the first chunk's is a zero frame
        keep = at::cat({at::zeros_like(keep), keep}, 2);
    const at::Tensor doubled = slot.isRep ? m_timeConv->forward(x) : m_timeConv->forward(x, slot.frames); // [B, 2C, T, H, W]
    slot.isRep = false;
    slot.frames = std::move(keep);
    const std::int64_t b = x.size(0), c = x.size(1), t = x.size(2), h = x.size(3), w = x.size(4);
    // reshape(b, 2, c, t, h, w), stack the halves at dim 3: frame 2t + k comes from half k
    const at::Tensor halves = doubled.reshape({b, 2, c, t, h, w});
    return at::stack({halves.select(1, 0), halves.select(1, 1)}, 3).reshape({b, c, t * 2, h, w});
}

at::Tensor WanResample::downsampleTime(const at::Tensor& x, WanCausalCache& cache) const
{
    WanCausalCache::Slot& slot = cache.next();
    if (slot.isEmpty()) { // first chunk: kept whole, no time conv
        slot.frames = x.clone();
        return x;
    }
    at::Tensor keep = x.narrow(2, x.size(2) - 1, 1).clone();
    const at::Tensor out = m_timeConv->forward(at::cat({slot.frames.narrow(2, slot.frames.size(2) - 1, 1), x}, 2));
    slot.frames = std::move(keep);
    return out;
}

at::Tensor WanResample::spatial(const at::Tensor& x) const
{
    const std::int64_t b = x.size(0), c = x.size(1), t = x.size(2);
    at::Tensor frames = x.permute({0, 2, 1, 3, 4}).reshape({b * t, c, x.size(3), x.size(4)}); // [B·T, C, H, W]
    if (m_mode == Mode::Upsample2d || m_mode == Mode::Upsample3d) {
        // nearest-exact ×2 (in float32, type_as back) is each pixel repeated
        frames = frames.to(at::kFloat).repeat_interleave(2, 2).repeat_interleave(2, 3).to(x.scalar_type());
    } else {
        frames = at::constant_pad_nd(frames, {0, 1, 0, 1}); // ZeroPad2d((0, 1, 0, 1))
    }
    frames = m_conv->forward(frames);
    return frames.view({b, t, frames.size(1), frames.size(2), frames.size(3)}).permute({0, 2, 1, 3, 4});
}

} // namespace framesmith
