#pragma once
// "--vram GiB [GiB ...]": GPUs of these sizes instead of the detected devices, one per value
// ("--vram 12 12" and "--vram 12 --vram 12" are two 12 GiB GPUs). `plan` plans for them;
// `generate` places for them, and on a machine without them the logical GPUs run on the CPU
// while every byte is counted where the plan put it.
#include "cli/CliArgs.h"
#include "framesmith/DeviceInfo.h"

#include <vector>

namespace framesmith::cli {

class CliDevices {
public:
    static constexpr const char* kFlag = "--vram";
    // Empty when the flag is absent. Throws InvalidRequestError naming the flag and value.
    static std::vector<DeviceInfo> fromFlags(const CliArgs& args);
};

} // namespace framesmith::cli
