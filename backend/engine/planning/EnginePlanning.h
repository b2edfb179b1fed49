#pragma once
// The planner as the engine sees a request: refused with generate's own rules first, "auto"
// resolved, the devices credited with what warm engines hold, what a warm engine would keep loaded
// between generations counted in every stage, and advice when it does not fit. Engine::plan,
// `framesmith-cli plan` and Engine::generate share it, so a plan never says "fits" for a request
// generate refuses. Pure (reads configs only); any thread.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPlan.h"
#include "framesmith/MemoryPreset.h"
#include "framesmith/ParameterSpec.h"
#include "memory/planner/MemoryPlanner.h"

#include <string>
#include <vector>

namespace framesmith {

struct EnginePlan {
    DetailedPlan detailed;           // detailed.preset: the preset planned for ("auto" resolved)
    std::vector<std::string> advice; // "auto chose ...", then what would make it fit
    std::string chosenPreset;               // as MemoryPlan: for a front end to word the advice
    std::vector<std::string> fixStrategies;
    MemoryPlan summary() const;
};

class EnginePlanning {
public:
    // `preset` may be automatic; request.preset is ignored. Throws InvalidRequestError like generate.
    static EnginePlan plan(const GenerationRequest& request, const MemoryPreset& preset,
                           const std::vector<DeviceInfo>& devices);
    // The model's rules for `request` (reads its configs, no weights). Throws InvalidRequestError
    // naming the first bad field, FileError for a folder that is not a model.
    static void validate(const GenerationRequest& request, const ParameterSpec& spec);
    static ParameterSpec specOf(const std::string& modelFolder);
    // Generate's gate: throws InvalidRequestError("memory") naming each stage and device that does
    // not fit, and the advice, when the plan for exactly this preset says the run cannot fit (the
    // host running out ends in the kernel's OOM killer, not in a recoverable error).
    // FRAMESMITH_IGNORE_PLAN=1 runs anyway (for a planner that overestimates a new model).
    static void requireFits(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& preset,
                            const std::vector<DeviceInfo>& devices, const Residency& residency);
};

} // namespace framesmith
