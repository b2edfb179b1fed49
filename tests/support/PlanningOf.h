#pragma once
// The planning source the engine hands GenerationMemory::resolvePreset: the request's model as
// its family plans it (ModelRegistry), asked only for an automatic preset.
#include "memory/oom/GenerationMemory.h"
#include "memory/planner/ModelPlanning.h"
#include "models/ModelRegistry.h"

namespace framesmith::test {

inline GenerationMemory::PlanningSource planningOf(const GenerationRequest& request)
{
    return [&request] { return ModelRegistry::planning(request.modelPath); };
}

} // namespace framesmith::test
