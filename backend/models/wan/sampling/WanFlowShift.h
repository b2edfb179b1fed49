#pragma once
// The flow shift a Wan model's sampler runs with unless the request's flow_shift knob says
// otherwise: scheduler/scheduler_config.json's flow_shift (a FlowMatchEuler config: shift).
// Reads that one file; any thread.
#include <optional>
#include <string>

namespace framesmith {

class WanFlowShift {
public:
    // nullopt when the config cannot be read or names neither key (inspect reports the missing file;
    // the sampler then runs at its class default, 1.0).
    static std::optional<double> ofModel(const std::string& modelDir);
};

} // namespace framesmith
