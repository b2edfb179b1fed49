#pragma once
// DeviceUseSource from the driver: NVML's used and total per GPU, less this process's reserve
// (DeviceMemory::reservedBytes). Nothing on a machine without NVML, or for a logical GPU that
// shares a physical one (FRAMESMITH_LOGICAL_GPUS), or with CUDA_VISIBLE_DEVICES set (NVML numbers
// GPUs in bus order, torch as that variable says: the figures might be another GPU's).
#include "memory/monitor/DeviceUseSource.h"
#include "memory/monitor/NvmlLibrary.h"

namespace framesmith {

class SystemDeviceUseSource : public DeviceUseSource {
public:
    explicit SystemDeviceUseSource(const std::string& libraryName = NvmlLibrary::kDefaultLibraryName);
    std::optional<DeviceUse> read(const std::string& device) override;

private:
    NvmlLibrary m_library;
};

} // namespace framesmith
