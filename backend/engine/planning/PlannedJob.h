#pragma once
// JobForecast with the planner's full breakdown it came from (weights, working memory, margins,
// placement), for `framesmith-cli plan`'s table: one computation, so the table and the verdict
// cannot disagree. Pure but for reading the host's limits and the calibration file; any thread.
#include "framesmith/JobForecast.h"
#include "engine/planning/EnginePlanning.h"

#include <vector>

namespace framesmith {

struct PlannedJob {
    std::vector<DeviceInfo> devices; // as planned: the host added when none was given
    EnginePlan plan;
    JobForecast forecast;

    static PlannedJob of(const GenerationRequest& request, const MemoryPreset& preset,
                         const std::vector<DeviceInfo>& devices);
};

} // namespace framesmith
