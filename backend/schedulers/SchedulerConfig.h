#pragma once
// scheduler/scheduler_config.json of a diffusers folder, parsed once. Keys and defaults as the
// diffusers CogVideoX schedulers' constructors (v0.36); unknown keys are ignored like diffusers does.
#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct SchedulerConfig {
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

    static SchedulerConfig fromJson(const std::string& json, const std::string& origin); // throws naming origin
    static SchedulerConfig fromFile(const std::string& path);
    static SchedulerConfig fromModelFolder(const std::string& modelDir); // <dir>/scheduler/scheduler_config.json
};

} // namespace framesmith
