#pragma once
// The benchmarks' activation measure: the process's resident set from /proc/self/status, and its
// peak (VmHWM) reset to the current RSS before the timed calls. Linux only, as the benchmarks are.
#include <fstream>
#include <string>

namespace framesmith::bench {

inline long statusKiB(const std::string& key) // "VmRSS", "VmHWM": KiB, or -1 when absent
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(key + ":", 0) == 0)
            return std::stol(line.substr(key.size() + 1));
    return -1;
}

inline void resetPeakRss() { std::ofstream("/proc/self/clear_refs") << "5"; } // VmHWM back to the current RSS

} // namespace framesmith::bench
