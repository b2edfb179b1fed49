#pragma once
// How fast a device computes and how fast weights reach it, for the step-time estimate beside the
// memory forecast. GPUs: a table of published dense tensor-core rates (bf16/fp16 with fp32
// accumulation) and their host link, times the share a video transformer's step achieves; this
// CPU: its own matmul rate, measured once per process. Rough by nature: the forecast says "about".
#include "framesmith/DeviceInfo.h"
#include "framesmith/MemoryPreset.h"

#include <string>

namespace framesmith {

struct DeviceSpeed {
    double flopsPerSecond = 0;          // what a transformer step achieves, not the peak
    double hostLinkBytesPerSecond = 0;  // pinned host-to-device copies; 0 for the CPU itself
    std::string basis;                  // where the figures come from, for logs and the CLI
};

class ComputeThroughput {
public:
    // A DiT step (large matmuls, attention, elementwise work between) reaches about this share of
    // a GPU's dense tensor peak in published profiles (40-55 % on H100/A100 with fused attention).
    static constexpr double kGpuEfficiency = 0.45;
    // The port's transformer step ran at 0.72-0.84 of the same process's fp32 matmul rate on the
    // CPU (docs/benchmarks.md, "What lives at the transformer's peak").
    static constexpr double kCpuEfficiency = 0.75;

    static DeviceSpeed of(const DeviceInfo& device, ComputeDtype dtype);
    // The GPU table alone (tests): a name as CUDA reports it; unlisted GPUs get a middling guess.
    static DeviceSpeed ofGpuNamed(const std::string& name, ComputeDtype dtype);
    // fp32 matmul FLOP/s of this process on the CPU (best of a few 768² products, measured once).
    static double measuredCpuMatmulFlops();
};

} // namespace framesmith
