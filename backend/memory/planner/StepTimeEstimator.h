#pragma once
// Seconds per denoising step, predicted before a run: the step's FLOPs (the family's count) over
// each block's device, plus the copies of streamed blocks over the host link, which prefetching
// overlaps with compute. Shown beside the memory forecast, so that the cost of a mode (streaming
// against resident) is visible before choosing it. Pure but for the CPU's one-time measurement.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "memory/planner/ComputeThroughput.h"
#include "memory/planner/ModelPlanning.h"
#include "memory/placement/PlacementPlan.h"

#include <functional>
#include <string>
#include <vector>

namespace framesmith {

struct StepEstimate {
    double seconds = 0;          // one whole step (both CFG halves); 0: not estimated
    double computeSeconds = 0;
    double transferSeconds = 0;  // streamed weights' copies, whether prefetching hides them or not
    std::string basis;           // the devices' figures used, one per line
};

class StepTimeEstimator {
public:
    using SpeedOf = std::function<DeviceSpeed(const DeviceInfo&, ComputeDtype)>;

    // `devices` as the planner got them ("cuda:N" in the placement is devices[i] with index N;
    // anything else is the CPU). Throws what ModelPlanning::denoiseFlops throws for a bad request.
    static StepEstimate estimate(const ModelPlanning& model, const GenerationRequest& request,
                                 const PlacementPlan& placement, ComputeDtype dtype,
                                 const std::vector<DeviceInfo>& devices, const SpeedOf& speedOf = &ComputeThroughput::of);
};

} // namespace framesmith
