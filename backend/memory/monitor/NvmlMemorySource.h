#pragma once
// Used and total memory of every NVIDIA GPU, as the driver sees it (all processes), via NVML.
#include "memory/monitor/NvmlLibrary.h"
#include "memory/monitor/VramMonitorSource.h"

namespace framesmith {

class NvmlMemorySource : public VramMonitorSource {
public:
    explicit NvmlMemorySource(const std::string& libraryName);
    std::vector<MemorySeries> series() const override { return m_series; }
    void read(std::vector<std::int64_t>& usedBytes) override;
    std::vector<std::string> limitations() const override { return m_limitations; }

private:
    NvmlLibrary m_library;
    std::vector<MemorySeries> m_series;
    std::vector<std::string> m_limitations;
};

} // namespace framesmith
