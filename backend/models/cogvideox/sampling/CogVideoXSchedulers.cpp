#include "models/cogvideox/sampling/CogVideoXSchedulers.h"

#include "io/JsonGuard.h"
#include "models/cogvideox/sampling/CogVideoXDDIMScheduler.h"
#include "models/cogvideox/sampling/CogVideoXDPMScheduler.h"

namespace framesmith {

namespace {

template <class S>
std::unique_ptr<Scheduler> make(const nlohmann::json& config, const std::string& origin)
{
    return std::make_unique<S>(CogVideoXSchedulerConfig::fromJsonObject(config, origin));
}

} // namespace

const SchedulerRegistry& CogVideoXSchedulers::registry()
{
    // Explicit list: a sampler is one file plus one line here.
    static const SchedulerRegistry list({
        {"ddim", "CogVideoXDDIMScheduler", "DDIM", "deterministic DDIM (CogVideoX-2b default)",
         make<CogVideoXDDIMScheduler>},
        {"dpm", "CogVideoXDPMScheduler", "DPM-Solver++", "stochastic 2nd-order DPM-Solver++ (5b / 1.5 default)",
         make<CogVideoXDPMScheduler>},
    });
    return list;
}

std::unique_ptr<Scheduler> CogVideoXSchedulers::createForModel(const std::string& modelDir, const std::string& requested)
{
    const std::string path = modelDir + "/scheduler/scheduler_config.json";
    return registry().create(requested, JsonGuard::readFile(path), path);
}

} // namespace framesmith
