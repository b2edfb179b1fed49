#pragma once
// The few device-memory calls the memory code needs, guarded so that a CPU-only libtorch build
// compiles and runs: on it CUDA functions report nothing and cache release is a no-op.
// Call from the thread that runs the generation.
#include "framesmith/DeviceInfo.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

class DeviceMemory {
public:
    static bool hasCuda();                      // this build has CUDA and a GPU is visible
    static bool builtWithCuda();                // linked against a CUDA libtorch (FRAMESMITH_HAS_CUDA)
    // CUDA devices with total/free memory, then the CPU (index -1) with RAM total/available.
    // FRAMESMITH_LOGICAL_GPUS=k splits a single GPU into k logical ones (benchmarks of multi-GPU paths).
    static std::vector<DeviceInfo> detect();
    // The physical CUDA index behind a plan's "cuda:N" (N modulo the real device count); -1 without CUDA.
    static int physicalCudaIndex(int logicalIndex);
    static DeviceInfo host();                   // the CPU entry alone (/proc/meminfo)
    // Returns cached, unused blocks to the driver (CUDACachingAllocator::emptyCache).
    static void releaseCache();
    // Bytes the caching allocator has handed out on "cuda:N" (now / at most since the reset).
    static std::int64_t allocatedBytes(const std::string& device);
    static std::int64_t peakAllocatedBytes(const std::string& device);
    static std::int64_t reservedBytes(const std::string& device); // the caching allocator's reserve
    static void resetPeak(const std::string& device);
};

} // namespace framesmith
