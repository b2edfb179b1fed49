#pragma once
// What a warm engine keeps loaded between generations: as much as the memory plan allows. Largest
// component first (the most reading saved), each kept where the plan rests it when the plan of a
// warm second generation (every kept component resident through every stage) still fits every
// device, else parked in RAM when that fits, else freed after its stage as in a cold run.
// Pure (the family's planning description, request, preset, devices); any thread.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ModelPlanning.h"
#include "memory/placement/PlacementPlan.h"

#include <vector>

namespace framesmith {

class WarmResidency {
public:
    // Nothing is kept when even a cold run does not fit.
    static Residency choose(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& preset,
                            const std::vector<DeviceInfo>& devices);
    static std::string describe(const Residency& residency); // "transformer kept, vae kept in RAM" or "nothing kept"
};

} // namespace framesmith
