#pragma once
#include <cstdint>
#include <string>

namespace framesmith {

struct DeviceInfo {
    int index = -1;            // -1: the CPU
    std::string name;          // "NVIDIA GeForce RTX 4090", "CPU"
    std::int64_t totalBytes = 0;
    std::int64_t freeBytes = 0;
    // The CPU only: what bounds freeBytes when it is less than the free RAM (a cgroup's or the
    // address-space limit), with the way to raise it; "" when it is the free RAM itself.
    std::string limitedBy;
    bool isCuda() const { return index >= 0; }
};

} // namespace framesmith
