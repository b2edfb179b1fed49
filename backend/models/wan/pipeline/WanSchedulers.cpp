#include "models/wan/pipeline/WanSchedulers.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"
#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"
#include "models/wan/sampling/WanUniPCScheduler.h"

namespace framesmith {

namespace {

nlohmann::json schedulerConfig(const std::string& modelDir)
{
    return DiffusersModelFolder(modelDir).componentConfig("scheduler");
}

} // namespace

std::unique_ptr<Scheduler> WanSchedulers::create(const std::string& modelDir, const std::string& id,
                                                 std::optional<double> flowShift)
{
    nlohmann::json config = schedulerConfig(modelDir);
    const std::string origin = modelDir + "/scheduler/scheduler_config.json";
    const std::string className = config.value("_class_name", std::string());
    const bool isEulerConfig = className == "FlowMatchEulerDiscreteScheduler";
    if (flowShift) { // diffusers: UniPCMultistepScheduler.from_config(config, flow_shift=s)
        config["flow_shift"] = *flowShift;
        if (isEulerConfig || config.contains("shift"))
            config["shift"] = *flowShift;
    }
    const std::string chosen = id.empty() ? (isEulerConfig ? kEuler : kUniPC) : id;
    if (chosen == kUniPC) {
        if (isEulerConfig)
            throw InvalidRequestError("scheduler", "this model's scheduler config is FlowMatchEuler; UniPC needs a "
                                                   "UniPCMultistepScheduler config");
        return std::make_unique<WanUniPCScheduler>(WanUniPCSettings::fromConfig(config, origin));
    }
    if (chosen == kEuler) {
        nlohmann::json euler = config;
        if (!euler.contains("shift") && euler.contains("flow_shift"))
            euler["shift"] = euler["flow_shift"];
        // UniPC's own keys mean nothing to Euler; only the ones it reads are kept.
        nlohmann::json kept = nlohmann::json::object();
        for (const char* key : {"num_train_timesteps", "shift", "use_dynamic_shifting", "use_karras_sigmas",
                                "use_exponential_sigmas", "use_beta_sigmas", "invert_sigmas", "shift_terminal",
                                "stochastic_sampling"})
            if (euler.contains(key) && !euler[key].is_null())
                kept[key] = euler[key];
        return std::make_unique<WanFlowMatchEulerScheduler>(WanFlowMatchEulerSettings::fromConfig(kept, origin));
    }
    throw InvalidRequestError("scheduler", "Wan offers \"unipc\" and \"euler\", not \"" + id + "\"");
}

int WanSchedulers::numTrainTimesteps(const std::string& modelDir)
{
    const nlohmann::json config = schedulerConfig(modelDir);
    const auto it = config.find("num_train_timesteps");
    return it != config.end() && it->is_number_integer() ? it->get<int>() : 1000;
}

} // namespace framesmith
