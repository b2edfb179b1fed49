#include "models/wan/vae/WanCausalCache.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

WanCausalCache::Slot& WanCausalCache::next()
{
    if (m_next == m_slots.size())
        m_slots.emplace_back();
    return m_slots[m_next++];
}

at::Tensor WanCausalCache::framesToKeep(const at::Tensor& x, const Slot& slot)
{
    const std::int64_t frames = x.size(2);
    at::Tensor keep = x.narrow(2, std::max<std::int64_t>(frames - 2, 0), std::min<std::int64_t>(frames, 2)).clone();
    // "cache last frame of last two chunk"
    if (keep.size(2) < 2 && slot.frames.defined())
        keep = at::cat({slot.frames.narrow(2, slot.frames.size(2) - 1, 1), keep}, 2);
    return keep;
}

} // namespace framesmith
