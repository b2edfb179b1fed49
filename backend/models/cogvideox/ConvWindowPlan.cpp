#include "models/cogvideox/ConvWindowPlan.h"

#include <algorithm>

namespace framesmith {

bool ConvWindowPlan::isNative(std::int64_t dispatchRows, std::int64_t windowFrames)
{
    return dispatchRows > 0 && dispatchRows * windowFrames <= kOneDnnMinRows;
}

std::vector<std::int64_t> ConvWindowPlan::windows(const ConvWindowRequest& r)
{
    const std::int64_t frames = r.frames, context = r.contextFrames;
    if (frames <= 0)
        return {};
    const std::int64_t fit = r.frameBytes > 0 ? r.budgetBytes / r.frameBytes : frames + context;
    std::int64_t perWindow = std::max<std::int64_t>(1, fit - context);
    // Raise small windows to oneDNN's size when the whole input gets there; an input that never
    // does is small in N*C*D*H, and its windows keep the budget (the native unfold is 27 x each).
    const bool reachesOneDnn = r.dispatchRows > 0 && !isNative(r.dispatchRows, frames + context);
    if (reachesOneDnn)
        perWindow = std::max(perWindow, kOneDnnMinRows / r.dispatchRows + 1 - context);
    if (perWindow >= frames)
        return {frames};
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(frames / perWindow), perWindow);
    const std::int64_t rest = frames % perWindow;
    if (rest > 0 && reachesOneDnn && isNative(r.dispatchRows, rest + context))
        sizes.back() += rest; // a short last window would fall back to the native path
    else if (rest > 0)
        sizes.push_back(rest);
    return sizes;
}

} // namespace framesmith
