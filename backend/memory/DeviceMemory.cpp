#include "memory/DeviceMemory.h"

#include "memory/DeviceNames.h"

#include <fstream>
#include <sstream>

#ifdef FRAMESMITH_HAS_C10_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>
#endif

namespace framesmith {
namespace {

std::int64_t meminfoBytes(const std::string& key)
{
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(key + ":", 0) != 0)
            continue;
        std::istringstream fields(line.substr(key.size() + 1));
        std::int64_t kib = 0;
        fields >> kib;
        return kib * 1024;
    }
    return 0;
}

#ifdef FRAMESMITH_HAS_C10_CUDA
const c10::cuda::CUDACachingAllocator::Stat& allocatedStat(const c10::cuda::CUDACachingAllocator::DeviceStats& stats)
{
    return stats.allocated_bytes[static_cast<std::size_t>(c10::cuda::CUDACachingAllocator::StatType::AGGREGATE)];
}
#endif

} // namespace

bool DeviceMemory::hasCuda()
{
#ifdef FRAMESMITH_HAS_C10_CUDA
    return c10::cuda::device_count() > 0;
#else
    return false;
#endif
}

DeviceInfo DeviceMemory::host()
{
    DeviceInfo cpu;
    cpu.index = -1;
    cpu.name = "CPU";
    cpu.totalBytes = meminfoBytes("MemTotal");
    cpu.freeBytes = meminfoBytes("MemAvailable");
    return cpu;
}

std::vector<DeviceInfo> DeviceMemory::detect()
{
    std::vector<DeviceInfo> devices;
#ifdef FRAMESMITH_HAS_C10_CUDA
    for (int i = 0; i < static_cast<int>(c10::cuda::device_count()); ++i) {
        DeviceInfo d;
        d.index = i;
        cudaDeviceProp properties{};
        if (cudaGetDeviceProperties(&properties, i) == cudaSuccess)
            d.name = properties.name;
        int previous = 0;
        cudaGetDevice(&previous);
        std::size_t freeBytes = 0, totalBytes = 0;
        if (cudaSetDevice(i) == cudaSuccess && cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess) {
            d.totalBytes = static_cast<std::int64_t>(totalBytes);
            d.freeBytes = static_cast<std::int64_t>(freeBytes);
        }
        cudaSetDevice(previous);
        devices.push_back(d);
    }
#endif
    devices.push_back(host());
    return devices;
}

void DeviceMemory::releaseCache()
{
#ifdef FRAMESMITH_HAS_C10_CUDA
    if (hasCuda())
        c10::cuda::CUDACachingAllocator::emptyCache();
#endif
}

std::int64_t DeviceMemory::allocatedBytes(const std::string& device)
{
#ifdef FRAMESMITH_HAS_C10_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda())
        return allocatedStat(c10::cuda::CUDACachingAllocator::getDeviceStats(index)).current;
#endif
    return 0;
}

std::int64_t DeviceMemory::peakAllocatedBytes(const std::string& device)
{
#ifdef FRAMESMITH_HAS_C10_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda())
        return allocatedStat(c10::cuda::CUDACachingAllocator::getDeviceStats(index)).peak;
#endif
    return 0;
}

void DeviceMemory::resetPeak(const std::string& device)
{
#ifdef FRAMESMITH_HAS_C10_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda())
        c10::cuda::CUDACachingAllocator::resetPeakStats(index);
#endif
}

} // namespace framesmith
