#pragma once
// What the planner predicts before a run: per stage, per device, peak bytes; a verdict; advice.
#include "framesmith/DeviceInfo.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct DevicePeak {
    std::string device;       // "cuda:0", "cpu"
    std::int64_t peakBytes = 0;
    std::int64_t capacityBytes = 0;
};

struct StagePlan {
    std::string name;         // stageName(): "text-encode", "denoise", "vae-decode"
    std::vector<DevicePeak> devices;
};

struct MemoryPlan {
    bool fits = false;
    std::vector<StagePlan> stages;
    std::vector<std::string> advice; // which lever would make it fit (English, for the CLI)
    // The same as data, for a front end to word in its language:
    std::string chosenPreset;                 // an automatic preset: the one it picked
    std::vector<std::string> fixStrategies;   // strategies that make it fit (one, or all of them); empty: none found
    // Components a warm engine keeps loaded between generations ("transformer", "vae"); their
    // weights are counted in every stage above.
    std::vector<std::string> residentComponents;
};

} // namespace framesmith
