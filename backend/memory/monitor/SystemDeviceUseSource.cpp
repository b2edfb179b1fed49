#include "memory/monitor/SystemDeviceUseSource.h"

#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/DeviceNames.h"

#include <cstdlib>

namespace framesmith {

SystemDeviceUseSource::SystemDeviceUseSource(const std::string& libraryName) : m_library(libraryName) {}

std::optional<DeviceUse> SystemDeviceUseSource::read(const std::string& device)
{
    const int logical = cudaIndexOf(device);
    const int physical = DeviceMemory::physicalCudaIndex(logical);
    // NVML numbers GPUs in bus order; torch as CUDA_VISIBLE_DEVICES says. Read only where they agree.
    if (!m_library.isAvailable() || std::getenv("CUDA_VISIBLE_DEVICES") || physical < 0 || physical != logical || m_library.deviceCount() <= physical)
        return std::nullopt;
    const auto memory = m_library.memory(physical);
    if (!memory)
        return std::nullopt;
    return DeviceUse{memory->totalBytes, memory->usedBytes, DeviceMemory::reservedBytes(device)};
}

} // namespace framesmith
