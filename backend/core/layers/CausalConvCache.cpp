#include "core/layers/CausalConvCache.h"

#include "core/layers/ConvWindowPlan.h"

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

std::vector<std::int64_t> CausalConvCache::windows(std::int64_t frames, std::int64_t contextFrames,
                                                  at::IntArrayRef frameShape, const at::Tensor& like) const
{
    ConvWindowRequest request;
    request.frames = frames;
    request.contextFrames = contextFrames;
    request.frameBytes = static_cast<std::int64_t>(like.element_size());
    for (const std::int64_t size : frameShape)
        request.frameBytes *= size;
    request.budgetBytes = m_windowBytes;
    return ConvWindowPlan::windows(request);
}

void CausalConvCache::releaseFreedHostMemory(const at::Tensor& activation) const
{
#if defined(__GLIBC__)
    if (activation.defined() && activation.is_cpu())
        malloc_trim(0);
#endif
}

} // namespace framesmith
