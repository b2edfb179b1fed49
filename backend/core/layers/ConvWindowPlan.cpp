#include "core/layers/ConvWindowPlan.h"

#include <algorithm>

namespace framesmith {

std::vector<std::int64_t> ConvWindowPlan::windows(const ConvWindowRequest& r)
{
    if (r.frames <= 0)
        return {};
    if (r.frameBytes <= 0)
        return {r.frames};
    // n outputs read n·stride + context input frames (stride 1: n + kernel_t − 1).
    const std::int64_t stride = std::max<std::int64_t>(1, r.stride);
    const std::int64_t fit = r.budgetBytes / r.frameBytes;
    const std::int64_t perWindow = std::max<std::int64_t>(1, (fit - r.contextFrames) / stride);
    if (perWindow >= r.frames)
        return {r.frames};
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(r.frames / perWindow), perWindow);
    if (r.frames % perWindow > 0)
        sizes.push_back(r.frames % perWindow);
    return sizes;
}

std::vector<std::int64_t> ConvWindowPlan::withoutFirstOutputs(const std::vector<std::int64_t>& windows,
                                                           std::int64_t count)
{
    std::vector<std::int64_t> rest;
    for (const std::int64_t n : windows) {
        const std::int64_t taken = std::min(n, count);
        count -= taken;
        if (n > taken)
            rest.push_back(n - taken);
    }
    return rest;
}

bool ConvWindowPlan::foldsFirstOutputs(bool hasPast, std::size_t windowCount, std::int64_t frames,
                                       std::int64_t contextFrames, std::int64_t elementBytes)
{
    return !hasPast && windowCount > 1 && frames > contextFrames && contextFrames > 0
        && (elementBytes == 4 || elementBytes == 8);
}

} // namespace framesmith
