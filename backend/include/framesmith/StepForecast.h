#pragma once
// About how long one denoising step takes with the placement the planner chooses for a request:
// the step's FLOPs over each device's rate (a table of GPUs; this CPU's matmul rate, measured once
// per process) plus the streamed weights' copies over the host link that prefetching cannot hide.
// Shown beside the memory forecast so that a mode's cost (streaming against resident) is seen
// before choosing it. Rough by nature: front ends say "about". Any thread.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"

#include <string>
#include <vector>

namespace framesmith {

struct StepForecast {
    double secondsPerStep = 0;          // 0: not estimated
    double transferSecondsPerStep = 0;  // the streamed weights' copies, hidden or not; 0: none streamed
    std::string basis;                  // the devices' figures used (English, for logs)

    // For the request as Engine::plan plans it (the same checks first: throws as it does).
    static StepForecast of(const GenerationRequest& request, const MemoryPreset& preset,
                           const std::vector<DeviceInfo>& devices);
};

} // namespace framesmith
