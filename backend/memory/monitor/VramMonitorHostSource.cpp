#include "memory/monitor/VramMonitorHostSource.h"

#include <fstream>
#include <sstream>
#include <unistd.h>

namespace framesmith {

namespace {
// Reads "Key:   12345 kB" lines of /proc/meminfo; kUnknown when the key is missing.
std::int64_t meminfoBytes(const std::string& key)
{
    std::ifstream in("/proc/meminfo");
    std::string name;
    std::int64_t kibibytes = 0;
    std::string unit;
    while (in >> name >> kibibytes) {
        std::getline(in, unit);
        if (name == key + ":")
            return kibibytes * 1024;
    }
    return MemorySample::kUnknown;
}
} // namespace

VramMonitorHostSource::VramMonitorHostSource() : m_totalBytes(systemTotalBytes()) {}

std::vector<MemorySeries> VramMonitorHostSource::series() const
{
    // One RAM total line is enough: RSS shares it, and two identical dashed lines read as one.
    const std::int64_t total = m_totalBytes > 0 ? m_totalBytes : 0;
    return {{"rss", "Process RSS", 0}, {"ram", "System RAM used", total}};
}

void VramMonitorHostSource::read(std::vector<std::int64_t>& usedBytes)
{
    usedBytes.push_back(residentBytes());
    usedBytes.push_back(systemUsedBytes());
}

std::vector<std::string> VramMonitorHostSource::limitations() const
{
    if (m_totalBytes <= 0)
        return {"/proc/meminfo unreadable: system RAM line unavailable"};
    return {};
}

std::int64_t VramMonitorHostSource::residentBytes()
{
    // statm: size resident shared text lib data dt, in pages.
    std::ifstream in("/proc/self/statm");
    std::int64_t sizePages = 0;
    std::int64_t residentPages = 0;
    if (!(in >> sizePages >> residentPages))
        return MemorySample::kUnknown;
    return residentPages * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

std::int64_t VramMonitorHostSource::systemUsedBytes()
{
    const std::int64_t total = systemTotalBytes();
    const std::int64_t available = meminfoBytes("MemAvailable");
    if (total == MemorySample::kUnknown || available == MemorySample::kUnknown)
        return MemorySample::kUnknown;
    return total - available;
}

std::int64_t VramMonitorHostSource::systemTotalBytes() { return meminfoBytes("MemTotal"); }

} // namespace framesmith
