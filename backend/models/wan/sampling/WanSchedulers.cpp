#include "models/wan/sampling/WanSchedulers.h"

#include "io/JsonGuard.h"
#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"
#include "models/wan/sampling/WanUniPCScheduler.h"

namespace framesmith {

namespace {

std::unique_ptr<Scheduler> makeUniPC(const nlohmann::json& config, const std::string& origin)
{
    return std::make_unique<WanUniPCScheduler>(WanUniPCSettings::fromConfig(config, origin));
}

// diffusers' FlowMatchEulerDiscreteScheduler.from_config(unipc.config) finds no "shift" in a Wan
// repo's config and runs unshifted, far from what the model was trained on. A user picking Euler
// expects the model's shift, so a config without "shift" lends its UniPC "flow_shift".
std::unique_ptr<Scheduler> makeEuler(const nlohmann::json& config, const std::string& origin)
{
    nlohmann::json adapted = config;
    if (!adapted.contains("shift") && adapted.contains("flow_shift") && adapted["flow_shift"].is_number())
        adapted["shift"] = adapted["flow_shift"];
    return std::make_unique<WanFlowMatchEulerScheduler>(WanFlowMatchEulerSettings::fromConfig(adapted, origin));
}

} // namespace

const SchedulerRegistry& WanSchedulers::registry()
{
    // Explicit list: a sampler is one file plus one line here.
    static const SchedulerRegistry list({
        {"unipc", "UniPCMultistepScheduler", "UniPC", "2nd-order UniPC with flow sigmas and flow_shift (the Wan repos' own)",
         makeUniPC},
        {"euler", "FlowMatchEulerDiscreteScheduler", "Flow-match Euler",
         "1st-order flow-match Euler with the model's shift", makeEuler},
    });
    return list;
}

std::unique_ptr<Scheduler> WanSchedulers::createForModel(const std::string& modelDir, const std::string& requested)
{
    const std::string path = modelDir + "/scheduler/scheduler_config.json";
    return registry().create(requested, JsonGuard::readFile(path), path);
}

} // namespace framesmith
