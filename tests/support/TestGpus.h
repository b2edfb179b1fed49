#pragma once
// GPUs for planner and placement tests, no hardware needed: one free DeviceInfo per size, indexed
// from 0. gpus({24, 24}) is two 24 GiB cards; gpus(2, 80) two 80 GiB ones; a name stands in for a
// card whose measured speed a test looks up ("NVIDIA H100 80GB HBM3").
#include "framesmith/DeviceInfo.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith::test {

inline std::vector<DeviceInfo> gpus(const std::vector<double>& gib, const std::string& name = "test")
{
    std::vector<DeviceInfo> devices;
    for (std::size_t i = 0; i < gib.size(); ++i) {
        const auto bytes = static_cast<std::int64_t>(gib[i] * (1ll << 30));
        devices.push_back({static_cast<int>(i), name, bytes, bytes});
    }
    return devices;
}

inline std::vector<DeviceInfo> gpus(int count, double gib, const std::string& name = "test")
{
    return gpus(std::vector<double>(static_cast<std::size_t>(count), gib), name);
}

// One 24 GiB card with only `freeBytes` of it free: other programs hold the rest.
inline std::vector<DeviceInfo> gpuWithFree(std::int64_t freeBytes)
{
    return {DeviceInfo{0, "simulated", 24ll << 30, freeBytes}};
}

} // namespace framesmith::test
