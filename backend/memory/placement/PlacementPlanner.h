#pragma once
// Builds the PlacementPlan a preset stands for: every module on the primary device, then each of
// the preset's strategies reshapes it in order. The weights come from the model's family
// (ModelPlanning::footprint). Pure; any thread.
#include "framesmith/DeviceInfo.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ModelFootprint.h"
#include "memory/placement/PlacementPlan.h"

#include <vector>

namespace framesmith {

class PlacementPlanner {
public:
    // devices: may include the CPU (index -1); only CUDA devices receive modules.
    // Throws InvalidRequestError when the preset names an unknown strategy.
    static PlacementPlan build(const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                               const ModelFootprint& footprint);
    // A GPU as the plan sees it: its usable bytes less the preset's VRAM headroom.
    static DeviceInfo withHeadroom(const DeviceInfo& gpu, const MemoryPreset& preset);
};

} // namespace framesmith
