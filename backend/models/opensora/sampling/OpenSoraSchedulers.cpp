#include "models/opensora/sampling/OpenSoraSchedulers.h"

#include "models/opensora/sampling/OpenSoraRflowSampler.h"

namespace framesmith {

namespace {

const char* const kClassName = "RFLOW";

nlohmann::json sampleConfig()
{
    // configs/opensora-v1-2/inference/sample.py: scheduler = dict(type="rflow", use_timestep_transform=True, ...)
    return {{"_class_name", kClassName}, {"num_timesteps", 1000}, {"use_timestep_transform", true}};
}

} // namespace

const SchedulerRegistry& OpenSoraSchedulers::registry()
{
    static const SchedulerRegistry registry({
        {"rflow", kClassName, "RFLOW", "Rectified flow (Euler), timesteps moved for the clip's size and length",
         [](const nlohmann::json& config, const std::string& origin) -> std::unique_ptr<Scheduler> {
             return std::make_unique<OpenSoraRflowSampler>(config, origin);
         }},
    });
    return registry;
}

std::unique_ptr<Scheduler> OpenSoraSchedulers::create(const std::string& modelDir, const std::string& requested)
{
    return registry().create(requested, sampleConfig(), modelDir + " (sample.py's RFLOW settings)");
}

} // namespace framesmith
