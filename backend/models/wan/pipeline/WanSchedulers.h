#pragma once
// The sampler a Wan run uses: the model's scheduler/scheduler_config.json (UniPC in every Wan
// repo) or the request's `scheduler` id: "unipc" (UniPCMultistepScheduler as configured) or
// "euler" (FlowMatchEulerDiscreteScheduler). Euler takes the config's flow_shift as its shift:
// diffusers' from_config of a UniPC config finds no "shift" key and would run Euler unshifted,
// which the Wan models were not trained for (the original Wan code shifts both solvers alike).
// A flow shift given (the request's flow_shift knob) replaces the config's flow_shift (and shift).
// Any thread.
#include "schedulers/Scheduler.h"

#include <memory>
#include <optional>
#include <string>

namespace framesmith {

class WanSchedulers {
public:
    static constexpr const char* kUniPC = "unipc";
    static constexpr const char* kEuler = "euler";

    // Throws InvalidRequestError("scheduler") for an unknown id, FileError for a bad config.
    static std::unique_ptr<Scheduler> create(const std::string& modelDir, const std::string& id,
                                             std::optional<double> flowShift = std::nullopt);
    static int numTrainTimesteps(const std::string& modelDir);
};

} // namespace framesmith
