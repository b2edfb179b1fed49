#include "models/cogvideox/CausalConvCache.h"

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace framesmith {

at::Tensor CausalConvCache::take(const void* owner)
{
    auto it = m_frames.find(owner);
    if (it == m_frames.end())
        return {};
    at::Tensor frames = std::move(it->second);
    m_frames.erase(it);
    return frames;
}

void CausalConvCache::put(const void* owner, at::Tensor frames)
{
    m_frames[owner] = std::move(frames);
}

std::int64_t CausalConvCache::bytes() const
{
    std::int64_t total = 0;
    for (const auto& entry : m_frames)
        total += entry.second.numel() * static_cast<std::int64_t>(entry.second.element_size());
    return total;
}

std::int64_t CausalConvCache::framesPerWindow(std::int64_t frameBytes, std::int64_t extraFrames) const
{
    const std::int64_t fit = frameBytes > 0 ? m_windowBytes / frameBytes : 1;
    return std::max<std::int64_t>(1, fit - extraFrames);
}

void CausalConvCache::releaseFreedHostMemory(const at::Tensor& activation) const
{
#if defined(__GLIBC__)
    if (activation.defined() && activation.is_cpu())
        malloc_trim(0);
#endif
}

} // namespace framesmith
