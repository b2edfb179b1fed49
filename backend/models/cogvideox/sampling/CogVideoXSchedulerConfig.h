#pragma once
// scheduler/scheduler_config.json of a CogVideoX diffusers folder, parsed once (through JsonGuard).
// Keys and defaults as the diffusers CogVideoX schedulers' constructors (v0.36); unknown keys are
// ignored like diffusers does; numbers are range-checked where read.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct CogVideoXSchedulerConfig {
    std::string className;             // "_class_name", e.g. "CogVideoXDDIMScheduler"
    int numTrainTimesteps = 1000;
    double betaStart = 0.00085;
    double betaEnd = 0.012;
    std::string betaSchedule = "scaled_linear"; // linear | scaled_linear | squaredcos_cap_v2
    std::vector<double> trainedBetas;  // empty: use betaSchedule
    bool clipSample = true;
    double clipSampleRange = 1.0;
    bool setAlphaToOne = true;
    int stepsOffset = 0;
    std::string predictionType = "epsilon"; // epsilon | sample | v_prediction
    std::string timestepSpacing = "leading"; // linspace | leading | trailing
    bool rescaleBetasZeroSnr = false;
    double snrShiftScale = 3.0;

    // Larger tables are refused when read (a hostile num_train_timesteps would size one).
    static constexpr int kMaxTrainTimesteps = 100000;

    // Throw FileError naming origin and the key (wrong type, out of range, unsupported choice).
    static CogVideoXSchedulerConfig fromJson(const std::string& json, const std::string& origin);
    static CogVideoXSchedulerConfig fromJsonObject(const nlohmann::json& json, const std::string& origin);
    static CogVideoXSchedulerConfig fromFile(const std::string& path);
    static CogVideoXSchedulerConfig fromModelFolder(const std::string& modelDir); // <dir>/scheduler/scheduler_config.json
};

} // namespace framesmith
