#include "models/wan/sampling/WanSchedulers.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"
#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"
#include "models/wan/sampling/WanUniPCScheduler.h"

namespace framesmith {

namespace {

constexpr const char* kEulerClass = "FlowMatchEulerDiscreteScheduler";

std::unique_ptr<Scheduler> makeUniPC(const nlohmann::json& config, const std::string& origin)
{
    return std::make_unique<WanUniPCScheduler>(WanUniPCSettings::fromConfig(config, origin));
}

// A config without "shift" lends its UniPC "flow_shift" (see the header); UniPC's own keys mean
// nothing to Euler, so only the ones it reads are kept.
std::unique_ptr<Scheduler> makeEuler(const nlohmann::json& config, const std::string& origin)
{
    nlohmann::json euler = config;
    if (!euler.contains("shift") && euler.contains("flow_shift") && euler["flow_shift"].is_number())
        euler["shift"] = euler["flow_shift"];
    nlohmann::json kept = nlohmann::json::object();
    for (const char* key : {"num_train_timesteps", "shift", "use_dynamic_shifting", "use_karras_sigmas",
                            "use_exponential_sigmas", "use_beta_sigmas", "invert_sigmas", "shift_terminal",
                            "stochastic_sampling"})
        if (euler.contains(key) && !euler[key].is_null())
            kept[key] = euler[key];
    return std::make_unique<WanFlowMatchEulerScheduler>(WanFlowMatchEulerSettings::fromConfig(kept, origin));
}

nlohmann::json schedulerConfig(const std::string& modelDir)
{
    return DiffusersModelFolder(modelDir).componentConfig("scheduler");
}

} // namespace

const SchedulerRegistry& WanSchedulers::registry()
{
    // Explicit list: a sampler is one file plus one line here.
    static const SchedulerRegistry list({
        {"unipc", "UniPCMultistepScheduler", "UniPC", "2nd-order UniPC with flow sigmas and flow_shift (the Wan repos' own)",
         makeUniPC},
        {"euler", kEulerClass, "Flow-match Euler", "1st-order flow-match Euler with the model's shift", makeEuler},
    });
    return list;
}

std::unique_ptr<Scheduler> WanSchedulers::create(const std::string& modelDir, const std::string& id,
                                                 std::optional<double> flowShift)
{
    nlohmann::json config = schedulerConfig(modelDir);
    const std::string origin = modelDir + "/scheduler/scheduler_config.json";
    const bool isEulerConfig = config.is_object() && config.value("_class_name", std::string()) == kEulerClass;
    if (flowShift) { // diffusers: UniPCMultistepScheduler.from_config(config, flow_shift=s)
        config["flow_shift"] = *flowShift;
        if (isEulerConfig || config.contains("shift"))
            config["shift"] = *flowShift;
    }
    if (isEulerConfig && id == "unipc")
        throw InvalidRequestError("scheduler", "this model's scheduler config is FlowMatchEuler; UniPC needs a "
                                               "UniPCMultistepScheduler config");
    return registry().create(id, config, origin);
}

int WanSchedulers::numTrainTimesteps(const std::string& modelDir)
{
    const nlohmann::json config = schedulerConfig(modelDir);
    const auto it = config.find("num_train_timesteps");
    return it != config.end() && it->is_number_integer() ? it->get<int>() : 1000;
}

} // namespace framesmith
