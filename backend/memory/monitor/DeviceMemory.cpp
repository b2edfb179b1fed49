#include "memory/monitor/DeviceMemory.h"

#include "memory/host/HostBlockCache.h"

#include "memory/monitor/DeviceNames.h"
#include "memory/monitor/HostMemoryLimits.h"

#include <algorithm>

#include <cstdlib>

#ifdef FRAMESMITH_HAS_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>
#endif

namespace framesmith {
namespace {

// FRAMESMITH_LOGICAL_GPUS=k presents one physical GPU as k devices, each with 1/k of its memory,
// so multi-GPU placement and guidance splitting can be exercised on a single-GPU machine.
void splitIntoLogicalDevices(std::vector<DeviceInfo>& devices)
{
    const char* requested = std::getenv("FRAMESMITH_LOGICAL_GPUS");
    const int count = requested ? std::atoi(requested) : 0;
    if (devices.size() != 1 || count < 2 || count > 8)
        return;
    DeviceInfo physical = devices.front();
    devices.clear();
    for (int i = 0; i < count; ++i) {
        DeviceInfo d = physical;
        d.index = i;
        d.name = physical.name + " (logical " + std::to_string(i + 1) + "/" + std::to_string(count) + ")";
        d.totalBytes = physical.totalBytes / count;
        d.freeBytes = physical.freeBytes / count;
        devices.push_back(d);
    }
}

#ifdef FRAMESMITH_HAS_CUDA
// Bytes the caching allocator has handed out on a physical device: now, or at most since the last
// reset. Index 0 of a StatArray is StatType::AGGREGATE in every torch release; the Stat and StatType
// names left c10::cuda::CUDACachingAllocator in 2.x (for c10::CachingAllocator), so neither is named.
// Before the first CUDA allocation the allocator has no per-device state and throws ("did you call
// init?"); nothing has been allocated then, so 0 is the truth.
std::int64_t allocatorBytes(int physicalIndex, bool peak, bool reserved = false)
{
    try {
        const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(physicalIndex));
        if (reserved)
            return stats.reserved_bytes[0].current;
        return peak ? stats.allocated_bytes[0].peak : stats.allocated_bytes[0].current;
    } catch (const c10::Error&) {
        return 0;
    }
}
#endif

} // namespace

bool DeviceMemory::hasCuda()
{
#ifdef FRAMESMITH_HAS_CUDA
    return c10::cuda::device_count() > 0;
#else
    return false;
#endif
}

bool DeviceMemory::builtWithCuda()
{
#ifdef FRAMESMITH_HAS_CUDA
    return true;
#else
    return false;
#endif
}

DeviceInfo DeviceMemory::host()
{
    DeviceInfo cpu;
    cpu.index = -1;
    cpu.name = "CPU";
    // What this process may use, not what the machine has free: a cgroup or address-space limit
    // kills or fails a run long before MemAvailable runs out.
    const HostMemoryLimits limits = HostMemoryLimits::read();
    cpu.totalBytes = limits.memTotalBytes;
    if (limits.cgroupLimitBytes != HostMemoryLimits::kUnlimited)
        cpu.totalBytes = std::min(cpu.totalBytes, limits.cgroupLimitBytes);
    cpu.limitedBy = limits.limitingFactor();
    // 1, not 0, when a limit leaves nothing: 0 reads as "unknown, use the total".
    cpu.freeBytes = std::max<std::int64_t>(limits.usableBytes(), cpu.limitedBy.empty() ? 0 : 1);
    return cpu;
}

std::vector<DeviceInfo> DeviceMemory::detect()
{
    std::vector<DeviceInfo> devices;
#ifdef FRAMESMITH_HAS_CUDA
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
    splitIntoLogicalDevices(devices);
    devices.push_back(host());
    return devices;
}

int DeviceMemory::physicalCudaIndex(int logicalIndex)
{
#ifdef FRAMESMITH_HAS_CUDA
    const int count = static_cast<int>(c10::cuda::device_count());
    if (count > 0 && logicalIndex >= 0)
        return logicalIndex % count;
#endif
    return -1;
}

void DeviceMemory::releaseCache()
{
    HostBlockCache::release();
#ifdef FRAMESMITH_HAS_CUDA
    if (hasCuda())
        c10::cuda::CUDACachingAllocator::emptyCache();
#endif
}

std::int64_t DeviceMemory::allocatedBytes(const std::string& device)
{
#ifdef FRAMESMITH_HAS_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda())
        return allocatorBytes(physicalCudaIndex(index), /*peak=*/false);
#endif
    return 0;
}

std::int64_t DeviceMemory::peakAllocatedBytes(const std::string& device)
{
#ifdef FRAMESMITH_HAS_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda())
        return allocatorBytes(physicalCudaIndex(index), /*peak=*/true);
#endif
    return 0;
}

std::int64_t DeviceMemory::reservedBytes(const std::string& device)
{
#ifdef FRAMESMITH_HAS_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda())
        return allocatorBytes(physicalCudaIndex(index), /*peak=*/false, /*reserved=*/true);
#endif
    return 0;
}

void DeviceMemory::resetPeak(const std::string& device)
{
#ifdef FRAMESMITH_HAS_CUDA
    if (int index = cudaIndexOf(device); index >= 0 && hasCuda()) {
        try {
            c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(physicalCudaIndex(index)));
        } catch (const c10::Error&) {
            // not initialised yet (see allocatorBytes): no peak to reset
        }
    }
#endif
}

} // namespace framesmith
