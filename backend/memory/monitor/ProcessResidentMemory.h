#pragma once
// The process's resident set as the kernel counts it (/proc/self/status): what host RAM a run
// really costs, libraries, allocator slack and file pages included, where CpuAllocationTracker
// counts tensor bytes only. The planner's host figures are checked against it (bench/host-ram).
// Linux only; elsewhere every figure is 0.
#include <cstdint>
#include <string>

namespace framesmith {

class ProcessResidentMemory {
public:
    static std::int64_t currentBytes(); // VmRSS
    static std::int64_t peakBytes();    // VmHWM: the high-water mark since start or the last reset
    // Restarts the high-water mark from the current RSS (Linux ≥ 4.0); false where it cannot.
    static bool resetPeak();
    // A "Key:   123 kB" line of a /proc file (status, meminfo), in bytes; 0 when absent.
    static std::int64_t kibField(const std::string& file, const std::string& key);
};

} // namespace framesmith
