#include "memory/monitor/VramMonitorTorchSource.h"

// Debian's CPU libtorch ships the c10/cuda headers but not libc10_cuda, so the header alone does
// not prove a CUDA build: the build system defines FRAMESMITH_HAS_CUDA when it links CUDA torch.
#if defined(FRAMESMITH_HAS_CUDA) && __has_include(<c10/cuda/CUDACachingAllocator.h>)
#define FRAMESMITH_TORCH_ALLOCATOR_STATS 1
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#endif

#include <exception>

namespace framesmith {

std::unique_ptr<VramMonitorTorchSource> VramMonitorTorchSource::create(std::string& why)
{
#ifdef FRAMESMITH_TORCH_ALLOCATOR_STATS
    const int count = static_cast<int>(c10::cuda::device_count()); // 0 (no throw) without a driver
    if (count == 0) {
        why = "torch sees no CUDA device: allocator lines unavailable";
        return nullptr;
    }
    return std::unique_ptr<VramMonitorTorchSource>(new VramMonitorTorchSource(count));
#else
    why = "this build of Framesmith has no CUDA: torch allocator lines unavailable";
    return nullptr;
#endif
}

VramMonitorTorchSource::VramMonitorTorchSource(int deviceCount) : m_deviceCount(deviceCount)
{
    for (int i = 0; i < deviceCount; ++i) {
        const std::string device = "cuda:" + std::to_string(i);
        m_series.push_back({"torch:" + std::to_string(i) + ":allocated", device + " allocated (torch)", 0});
        m_series.push_back({"torch:" + std::to_string(i) + ":reserved", device + " reserved (torch)", 0});
    }
}

void VramMonitorTorchSource::read(std::vector<std::int64_t>& usedBytes)
{
    for (int i = 0; i < m_deviceCount; ++i) {
        std::int64_t allocated = MemorySample::kUnknown;
        std::int64_t reserved = MemorySample::kUnknown;
#ifdef FRAMESMITH_TORCH_ALLOCATOR_STATS
        try {
            // Throws until the allocator has been initialised by the first CUDA allocation.
            const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(i));
            // Index 0 is StatType::AGGREGATE; the enum moved namespaces between torch 2.x releases.
            allocated = static_cast<std::int64_t>(stats.allocated_bytes[0].current);
            reserved = static_cast<std::int64_t>(stats.reserved_bytes[0].current);
        } catch (const std::exception&) {
        }
#endif
        usedBytes.push_back(allocated);
        usedBytes.push_back(reserved);
    }
}

} // namespace framesmith
