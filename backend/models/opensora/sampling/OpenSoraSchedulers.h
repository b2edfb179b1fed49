#pragma once
// The samplers Open-Sora 1.2 models offer: RFLOW (rectified flow, sample.py's settings). The repos
// carry no scheduler config, so a model's own is RFLOW with num_timesteps 1000 and the timestep
// transform on. Any thread.
#include "schedulers/SchedulerRegistry.h"

#include <memory>
#include <string>

namespace framesmith {

class OpenSoraSchedulers {
public:
    static const SchedulerRegistry& registry();
    // requested "" or "rflow"; InvalidRequestError("scheduler") naming the known ones otherwise.
    static std::unique_ptr<Scheduler> create(const std::string& modelDir, const std::string& requested);
};

} // namespace framesmith
