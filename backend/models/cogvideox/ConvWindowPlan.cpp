#include "models/cogvideox/ConvWindowPlan.h"

#include <algorithm>

namespace framesmith {

std::vector<std::int64_t> ConvWindowPlan::windows(const ConvWindowRequest& r)
{
    if (r.frames <= 0)
        return {};
    const std::int64_t fit = r.frameBytes > 0 ? r.budgetBytes / r.frameBytes : r.frames + r.contextFrames;
    const std::int64_t perWindow = std::max<std::int64_t>(1, fit - r.contextFrames);
    if (perWindow >= r.frames)
        return {r.frames};
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(r.frames / perWindow), perWindow);
    if (r.frames % perWindow > 0)
        sizes.push_back(r.frames % perWindow);
    return sizes;
}

} // namespace framesmith
