#pragma once
// The samplers Wan models offer, and the one a run uses: UniPC multistep with flow sigmas and
// flow_shift (the repos' own, first) and flow-match Euler, each built from the model's
// scheduler/scheduler_config.json. Euler takes the config's flow_shift as its shift: diffusers'
// from_config of a UniPC config finds no "shift" key and would run Euler unshifted, which the Wan
// models were not trained for (the original Wan code shifts both solvers alike). A flow shift given
// (the request's flow_shift knob) replaces the config's flow_shift (and shift). Any thread.
#include "schedulers/SchedulerRegistry.h"

#include <memory>
#include <optional>
#include <string>

namespace framesmith {

class WanSchedulers {
public:
    static const SchedulerRegistry& registry();
    // id "" -> the folder's own (UniPC in every Wan repo). Throws FileError (config) or
    // InvalidRequestError("scheduler") naming the known ones.
    static std::unique_ptr<Scheduler> create(const std::string& modelDir, const std::string& id,
                                             std::optional<double> flowShift = std::nullopt);
    static int numTrainTimesteps(const std::string& modelDir);
};

} // namespace framesmith
