#pragma once
// Measures host tensor memory: a counting wrapper installed as libtorch's CPU allocator, so the
// planner's CPU predictions can be compared with real runs (tests, bench/). Counts live tensor
// bytes now and the peak since the last reset. Install once per process, before the tensors to
// be measured are created; any thread may read the counters.
#include <cstdint>

namespace framesmith {

class CpuAllocationTracker {
public:
    static void install();              // idempotent
    static bool isInstalled();
    static std::int64_t currentBytes();
    static std::int64_t peakBytes();
    static void resetPeak();            // peak restarts from what is live now
};

} // namespace framesmith
