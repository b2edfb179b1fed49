// Engine's memory questions: the devices it can use and the planner's verdict, before any weight
// is loaded. Pure; any thread (the GUI asks while the user edits a request).
#include "framesmith/Engine.h"

#include "memory/monitor/DeviceMemory.h"
#include "memory/planner/MemoryPlanner.h"
#include "models/ModelRegistry.h"

namespace framesmith {

std::vector<DeviceInfo> Engine::devices()
{
    return DeviceMemory::detect();
}

MemoryPlan Engine::plan(const GenerationRequest& request, const MemoryPreset& preset,
                        const std::vector<DeviceInfo>& devices)
{
    return planMemory(*ModelRegistry::planning(request.modelPath), request, preset, devices);
}

} // namespace framesmith
