#pragma once
// One producer of memory readings for VramMonitor (NVML, torch's CUDA allocator, /proc).
// Thread contract: constructed on the monitor's owner thread, read() only on the sampler thread.
#include "framesmith/VramMonitor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

class VramMonitorSource {
public:
    virtual ~VramMonitorSource() = default;
    // Fixed for the source's lifetime: the ring buffer's columns depend on it.
    virtual std::vector<MemorySeries> series() const = 0;
    // Appends exactly series().size() values; MemorySample::kUnknown where a reading failed.
    virtual void read(std::vector<std::int64_t>& usedBytes) = 0;
    virtual std::vector<std::string> limitations() const { return {}; }
};

} // namespace framesmith
