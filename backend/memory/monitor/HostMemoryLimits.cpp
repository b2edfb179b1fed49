#include "memory/monitor/HostMemoryLimits.h"

#include "memory/monitor/ProcessResidentMemory.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace framesmith {
namespace {

namespace fs = std::filesystem;

// v1 writes "no limit" as a page-rounded LLONG_MAX; anything past 2^60 is no limit.
constexpr std::int64_t kNoLimitAbove = std::int64_t(1) << 60;

// A file holding one number ("max" and v1's huge value: unlimited); nullopt-like -2 when unreadable.
std::int64_t numberFile(const fs::path& file)
{
    std::ifstream in(file);
    std::string text;
    if (!(in >> text))
        return -2;
    if (text == "max")
        return HostMemoryLimits::kUnlimited;
    try {
        const long long value = std::stoll(text);
        return value < 0 || value >= kNoLimitAbove ? HostMemoryLimits::kUnlimited : value;
    } catch (const std::exception&) {
        return -2;
    }
}

std::int64_t statField(const fs::path& file, const std::string& key)
{
    std::ifstream in(file);
    std::string name;
    std::int64_t value = 0;
    while (in >> name >> value)
        if (name == key)
            return value;
    return 0;
}

// The process's path in the hierarchy that has the memory controller: "0::/a/b" for v2,
// "4:memory:/a/b" (or "4:cpu,memory:/a/b") for v1.
std::string cgroupPath(const std::string& procRoot, int version)
{
    std::ifstream in(procRoot + "/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos)
            continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        std::istringstream list(controllers);
        bool hasMemory = false;
        for (std::string c; std::getline(list, c, ',');)
            hasMemory = hasMemory || c == "memory";
        if ((version == 2 && controllers.empty()) || (version == 1 && hasMemory))
            return line.substr(second + 1);
    }
    return "";
}

// The tightest limit from the process's group up to the hierarchy's root (a parent's limit binds
// its children). A container sees its own group as the root, so a path missing below the mount
// is skipped.
void readCgroup(HostMemoryLimits& limits, const fs::path& top, const std::string& path, int version)
{
    const char* limitName = version == 2 ? "memory.max" : "memory.limit_in_bytes";
    const char* usageName = version == 2 ? "memory.current" : "memory.usage_in_bytes";
    const char* cacheName = version == 2 ? "inactive_file" : "total_inactive_file";
    std::vector<fs::path> chain;
    for (fs::path p = fs::path(path).relative_path(); !p.empty(); p = p.parent_path())
        chain.push_back(top / p);
    chain.push_back(top);
    for (const fs::path& dir : chain) {
        const std::int64_t limit = numberFile(dir / limitName);
        if (limit == -2)
            continue;
        limits.cgroupVersion = version; // the controller is there, with or without a limit
        if (limit == HostMemoryLimits::kUnlimited)
            continue;
        if (limits.cgroupLimitBytes != HostMemoryLimits::kUnlimited && limit >= limits.cgroupLimitBytes)
            continue;
        limits.cgroupLimitBytes = limit;
        limits.cgroupLimitFile = (dir / limitName).string();
        const std::int64_t usage = std::max<std::int64_t>(numberFile(dir / usageName), 0);
        limits.cgroupUsedBytes = std::max<std::int64_t>(usage - statField(dir / "memory.stat", cacheName), 0);
    }
}

std::int64_t softLimit(int resource)
{
    rlimit value{};
    if (getrlimit(resource, &value) != 0 || value.rlim_cur == RLIM_INFINITY)
        return HostMemoryLimits::kUnlimited;
    return static_cast<std::int64_t>(value.rlim_cur);
}

std::string gib(std::int64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, bytes < (1ll << 30) ? "%.1f MiB" : "%.1f GiB",
                  static_cast<double>(bytes) / (bytes < (1ll << 30) ? (1 << 20) : (1ll << 30)));
    return text;
}

} // namespace

HostMemoryLimits HostMemoryLimits::read(const HostMemorySources& sources)
{
    HostMemoryLimits limits;
    limits.memTotalBytes = ProcessResidentMemory::kibField(sources.procRoot + "/meminfo", "MemTotal");
    limits.memAvailableBytes = ProcessResidentMemory::kibField(sources.procRoot + "/meminfo", "MemAvailable");
    const fs::path root = sources.cgroupRoot;
    std::error_code ec;
    if (fs::exists(root / "cgroup.controllers", ec))
        readCgroup(limits, root, cgroupPath(sources.procRoot, 2), 2);
    else if (fs::is_directory(root / "memory", ec))
        readCgroup(limits, root / "memory", cgroupPath(sources.procRoot, 1), 1);
    limits.addressSpaceUsedBytes = ProcessResidentMemory::kibField(sources.procRoot + "/self/status", "VmSize");
    if (sources.readProcessLimits) {
        limits.addressSpaceLimitBytes = softLimit(RLIMIT_AS);
        limits.memlockLimitBytes = softLimit(RLIMIT_MEMLOCK);
    }
    return limits;
}

std::int64_t HostMemoryLimits::usableBytes() const
{
    std::int64_t usable = memAvailableBytes;
    if (cgroupLimitBytes != kUnlimited)
        usable = std::min(usable, cgroupLimitBytes - cgroupUsedBytes);
    if (addressSpaceLimitBytes != kUnlimited)
        usable = std::min(usable, addressSpaceLimitBytes - addressSpaceUsedBytes);
    return std::max<std::int64_t>(usable, 0);
}

std::string HostMemoryLimits::limitingFactor() const
{
    const std::int64_t usable = usableBytes();
    if (addressSpaceLimitBytes != kUnlimited && usable == std::max<std::int64_t>(addressSpaceLimitBytes - addressSpaceUsedBytes, 0))
        return "the address-space limit (RLIMIT_AS " + gib(addressSpaceLimitBytes) + ", " + gib(addressSpaceUsedBytes) +
               " mapped already; set by ulimit -v or prlimit --as)";
    if (cgroupLimitBytes != kUnlimited && usable == std::max<std::int64_t>(cgroupLimitBytes - cgroupUsedBytes, 0))
        return "the cgroup v" + std::to_string(cgroupVersion) + " memory limit (" + cgroupLimitFile + ": " +
               gib(cgroupLimitBytes) + ", " + gib(cgroupUsedBytes) +
               " used; set by the container's or the service's memory limit)";
    return "";
}

std::string HostMemoryLimits::describe() const
{
    std::string text = gib(usableBytes()) + " usable (MemAvailable " + gib(memAvailableBytes) + " of " + gib(memTotalBytes);
    text += cgroupLimitBytes == kUnlimited
                ? std::string("; cgroup") + (cgroupVersion ? " v" + std::to_string(cgroupVersion) : std::string()) + ": no limit"
                : "; cgroup v" + std::to_string(cgroupVersion) + " limit " + gib(cgroupLimitBytes) + ", " +
                      gib(cgroupUsedBytes) + " used";
    text += "; address space: " + (addressSpaceLimitBytes == kUnlimited ? std::string("no limit") : "limit " + gib(addressSpaceLimitBytes)) +
            ", " + std::to_string(addressSpaceUsedBytes) + " bytes mapped";
    text += "; memlock: " + (memlockLimitBytes == kUnlimited ? std::string("no limit") : gib(memlockLimitBytes)) + ")";
    return text;
}

} // namespace framesmith
