#pragma once
// The samplers CogVideoX models offer (diffusers CogVideoXDDIMScheduler and CogVideoXDPMScheduler)
// and how a folder's scheduler/scheduler_config.json builds one. Any thread.
#include "schedulers/SchedulerRegistry.h"

#include <memory>
#include <string>

namespace framesmith {

class CogVideoXSchedulers {
public:
    static const SchedulerRegistry& registry();
    // requested "" -> the folder's own. Throws FileError (config) or InvalidRequestError("scheduler").
    static std::unique_ptr<Scheduler> createForModel(const std::string& modelDir, const std::string& requested);
};

} // namespace framesmith
