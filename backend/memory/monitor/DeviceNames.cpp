#include "memory/monitor/DeviceNames.h"

#include <cstdlib>

namespace framesmith {

std::string cudaDeviceName(int index) { return "cuda:" + std::to_string(index); }

std::string deviceName(const DeviceInfo& device)
{
    return device.isCuda() ? cudaDeviceName(device.index) : std::string("cpu");
}

bool isCudaDeviceName(const std::string& name) { return cudaIndexOf(name) >= 0; }

int cudaIndexOf(const std::string& name)
{
    if (name.rfind("cuda:", 0) != 0 || name.size() == 5)
        return -1;
    char* end = nullptr;
    long index = std::strtol(name.c_str() + 5, &end, 10);
    return (*end == '\0' && index >= 0) ? static_cast<int>(index) : -1;
}

std::int64_t usableBytes(const DeviceInfo& device)
{
    return device.freeBytes > 0 ? device.freeBytes : device.totalBytes;
}

} // namespace framesmith
