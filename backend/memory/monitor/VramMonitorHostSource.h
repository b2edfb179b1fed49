#pragma once
// Process resident memory (/proc/self/statm) and system RAM in use (/proc/meminfo: MemTotal -
// MemAvailable). Always present, so a machine without a GPU still shows a live graph.
#include "memory/monitor/VramMonitorSource.h"

namespace framesmith {

class VramMonitorHostSource : public VramMonitorSource {
public:
    VramMonitorHostSource();
    std::vector<MemorySeries> series() const override;
    void read(std::vector<std::int64_t>& usedBytes) override;
    std::vector<std::string> limitations() const override;

    static std::int64_t residentBytes();    // MemorySample::kUnknown when unreadable
    static std::int64_t systemUsedBytes();
    static std::int64_t systemTotalBytes();

private:
    std::int64_t m_totalBytes = 0;
};

} // namespace framesmith
