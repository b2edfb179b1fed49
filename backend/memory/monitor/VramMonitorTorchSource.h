#pragma once
// torch's CUDA caching allocator: bytes held by live tensors (allocated) and by the cache
// (reserved), per CUDA device. The gap between reserved and NVML's "used" is other processes,
// the CUDA context and fragmentation, which is exactly what an OOM post-mortem needs.
#include "memory/monitor/VramMonitorSource.h"

#include <memory>

namespace framesmith {

class VramMonitorTorchSource : public VramMonitorSource {
public:
    // nullptr when this build has no CUDA or no CUDA device is visible; `why` then says which.
    static std::unique_ptr<VramMonitorTorchSource> create(std::string& why);

    std::vector<MemorySeries> series() const override { return m_series; }
    void read(std::vector<std::int64_t>& usedBytes) override;

private:
    explicit VramMonitorTorchSource(int deviceCount);
    int m_deviceCount = 0;
    std::vector<MemorySeries> m_series;
};

} // namespace framesmith
