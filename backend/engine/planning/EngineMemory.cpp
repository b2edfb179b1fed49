// Engine's memory questions: the devices it can use and the planner's verdict, before any weight
// is loaded. Pure; any thread (the GUI asks while the user edits a request).
#include "framesmith/Engine.h"

#include "memory/monitor/DeviceMemory.h"
#include "engine/planning/EnginePlanning.h"

namespace framesmith {

std::vector<DeviceInfo> Engine::devices()
{
    return DeviceMemory::detect();
}

MemoryPlan Engine::plan(const GenerationRequest& request, const MemoryPreset& preset,
                        const std::vector<DeviceInfo>& devices)
{
    return EnginePlanning::plan(request, preset, devices).summary();
}

} // namespace framesmith
