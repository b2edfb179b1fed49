#pragma once
// The samplers Wan models offer: UniPC multistep with flow sigmas and flow_shift (the repos' own,
// first) and flow-match Euler, each built from the model's scheduler/scheduler_config.json.
// Any thread.
#include "schedulers/SchedulerRegistry.h"

#include <memory>
#include <string>

namespace framesmith {

class WanSchedulers {
public:
    static const SchedulerRegistry& registry();
    // requested "" -> the folder's own (UniPC in every Wan repo). Throws FileError (config) or
    // InvalidRequestError("scheduler") naming the known ones.
    static std::unique_ptr<Scheduler> createForModel(const std::string& modelDir, const std::string& requested);
};

} // namespace framesmith
