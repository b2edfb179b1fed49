#include "engine/planning/EnginePlanning.h"

#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "models/lora/LoraPlanning.h"
#include "memory/presets/PresetStore.h"
#include "engine/checks/EngineRequestCheck.h"
#include "engine/warm/HeldMemory.h"
#include "engine/warm/WarmResidency.h"

#include <cstdlib>

namespace framesmith {

MemoryPlan EnginePlan::summary() const
{
    MemoryPlan plan = detailed.summary();
    plan.advice = advice;
    plan.chosenPreset = chosenPreset;
    plan.fixStrategies = fixStrategies;
    return plan;
}

ParameterSpec EnginePlanning::specOf(const std::string& modelFolder)
{
    // The family reads it from the configs; no pipeline is assembled, no weight read.
    return ModelRegistry::inspect(modelFolder).info.spec;
}

void EnginePlanning::validate(const GenerationRequest& request, const ParameterSpec& spec)
{
    EngineRequestCheck::require(request, spec);
}

EnginePlan EnginePlanning::plan(const GenerationRequest& request, const MemoryPreset& preset,
                                const std::vector<DeviceInfo>& detected)
{
    validate(request, specOf(request.modelPath));
    const std::unique_ptr<ModelPlanning> model = LoraPlanning::wrap(ModelRegistry::planning(request.modelPath), request);
    const std::vector<DeviceInfo> devices = HeldMemory::credited(detected);
    EnginePlan result;
    const MemoryPreset chosen = MemoryPlanner::choosePreset(*model, request, preset, devices, PresetStore());
    const Residency residency = WarmResidency::choose(*model, request, chosen, devices);
    result.detailed = MemoryPlanner::planDetailed(*model, request, chosen, devices, residency);
    if (preset.isAutomatic()) {
        result.advice.push_back("auto chose preset \"" + chosen.name + "\"");
        result.chosenPreset = chosen.name;
    }
    if (std::string loras = LoraPlanning::describe(*model, request, chosen); !loras.empty())
        result.advice.push_back(std::move(loras));
    for (std::string& line : MemoryPlanner::advise(*model, request, result.detailed, devices, &result.fixStrategies))
        result.advice.push_back(std::move(line));
    return result;
}

void EnginePlanning::requireFits(const ModelPlanning& model, const GenerationRequest& request,
                                 const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                 const Residency& residency)
{
    if (const char* ignore = std::getenv("FRAMESMITH_IGNORE_PLAN"); ignore && std::string(ignore) == "1")
        return;
    const DetailedPlan plan = MemoryPlanner::planDetailed(model, request, preset, devices, residency);
    if (plan.fits())
        return;
    std::string why; // advise() names every stage that does not fit first, then the cheapest lever
    for (const std::string& line : MemoryPlanner::advise(model, request, plan, devices))
        why += (why.empty() ? "" : "; ") + line;
    throw InvalidRequestError("memory", "the memory plan for preset \"" + preset.name + "\" says this run cannot fit: " +
                                            why + " (framesmith-cli plan shows the details)");
}

} // namespace framesmith
