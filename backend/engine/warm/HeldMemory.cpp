#include "engine/warm/HeldMemory.h"

#include "memory/monitor/DeviceNames.h"

#include <algorithm>
#include <mutex>

namespace framesmith {

namespace {

std::mutex& guard()
{
    static std::mutex mutex;
    return mutex;
}

std::map<const void*, std::map<std::string, std::int64_t>>& holders()
{
    static std::map<const void*, std::map<std::string, std::int64_t>> map;
    return map;
}

} // namespace

void HeldMemory::set(const void* owner, const std::map<std::string, std::int64_t>& bytes)
{
    std::lock_guard<std::mutex> lock(guard());
    if (bytes.empty())
        holders().erase(owner);
    else
        holders()[owner] = bytes;
}

std::int64_t HeldMemory::bytesOn(const std::string& device)
{
    std::lock_guard<std::mutex> lock(guard());
    std::int64_t total = 0;
    for (const auto& [owner, bytes] : holders())
        if (auto it = bytes.find(device); it != bytes.end())
            total += it->second;
    return total;
}

std::vector<DeviceInfo> HeldMemory::credited(std::vector<DeviceInfo> devices)
{
    for (DeviceInfo& d : devices) {
        const std::int64_t held = bytesOn(deviceName(d));
        if (held > 0 && d.freeBytes > 0)
            d.freeBytes = d.totalBytes > 0 ? std::min(d.totalBytes, d.freeBytes + held) : d.freeBytes + held;
    }
    return devices;
}

} // namespace framesmith
