#include "memory/monitor/ProcessResidentMemory.h"

#include <fstream>
#include <sstream>
#include <string>

namespace framesmith {

std::int64_t ProcessResidentMemory::kibField(const std::string& file, const std::string& key)
{
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0 || line.size() <= key.size() || line[key.size()] != ':')
            continue;
        std::istringstream fields(line.substr(key.size() + 1));
        std::int64_t kib = 0;
        fields >> kib;
        return kib * 1024;
    }
    return 0;
}

std::int64_t ProcessResidentMemory::currentBytes() { return kibField("/proc/self/status", "VmRSS"); }

std::int64_t ProcessResidentMemory::peakBytes() { return kibField("/proc/self/status", "VmHWM"); }

bool ProcessResidentMemory::resetPeak()
{
    std::ofstream clearRefs("/proc/self/clear_refs");
    clearRefs << "5"; // 5: reset the peak RSS (proc(5))
    clearRefs.flush();
    return static_cast<bool>(clearRefs);
}

} // namespace framesmith
