#include "memory/planner/ComputeThroughput.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>

namespace framesmith {

namespace {

struct GpuRow {
    const char* namePart;   // matched in order: more specific names first
    double denseTflops;     // bf16/fp16 tensor, fp32 accumulation, without sparsity
    double linkGBps;        // measured-typical pinned host-to-device: PCIe 5 ~50, 4 ~25, 3 ~12
};

const GpuRow kGpus[] = {
    {"B200", 2250, 50},     {"H200", 989, 50},       {"H100 PCIe", 756, 50},  {"H100 NVL", 835, 50},
    {"H100", 989, 50},      {"H800", 989, 50},       {"H20", 148, 50},        {"A100", 312, 25},
    {"A800", 312, 25},      {"L40S", 362, 25},       {"L40", 181, 25},        {"L4", 121, 25},
    {"A10", 125, 25},       {"RTX 6000 Ada", 364, 25}, {"RTX A6000", 155, 25}, {"A6000", 155, 25},
    {"5090", 209, 50},      {"5080", 113, 50},       {"5070 Ti", 88, 50},     {"5070", 62, 50},
    {"4090", 165, 25},      {"4080", 97, 25},        {"4070 Ti", 80, 25},     {"4070", 58, 25},
    {"4060 Ti", 44, 25},    {"4060", 30, 25},        {"3090", 71, 25},        {"3080", 60, 25},
    {"3070", 41, 25},       {"3060", 26, 25},        {"V100", 125, 12},       {"T4", 65, 12},
    {"2080 Ti", 54, 12},
};

// An unlisted GPU: a mid-range card of the last generations.
constexpr GpuRow kUnlisted{"an unlisted GPU", 60, 25};

} // namespace

DeviceSpeed ComputeThroughput::ofGpuNamed(const std::string& name, ComputeDtype dtype)
{
    const GpuRow* row = &kUnlisted;
    for (const GpuRow& candidate : kGpus)
        if (name.find(candidate.namePart) != std::string::npos) {
            row = &candidate;
            break;
        }
    // fp32 runs on TF32 tensor cores where it runs on tensor cores at all: half the 16-bit rate.
    const double dtypeShare = dtype == ComputeDtype::Float32 ? 0.5 : 1.0;
    DeviceSpeed speed;
    speed.flopsPerSecond = row->denseTflops * 1e12 * dtypeShare * kGpuEfficiency;
    speed.hostLinkBytesPerSecond = row->linkGBps * 1e9;
    char basis[160];
    std::snprintf(basis, sizeof basis, "%s: %.0f TFLOPS dense x %.2f%s, host link %.0f GB/s", row->namePart,
                  row->denseTflops, kGpuEfficiency, dtypeShare < 1 ? " x 0.5 (fp32)" : "", row->linkGBps);
    speed.basis = basis;
    return speed;
}

double ComputeThroughput::measuredCpuMatmulFlops()
{
    static std::once_flag once;
    static double flops = 0;
    std::call_once(once, [] {
        constexpr std::int64_t n = 768;
        const at::Tensor a = at::rand({n, n}), b = at::rand({n, n});
        double best = 1e30;
        for (int i = 0; i < 4; ++i) { // the first product warms the BLAS up
            const auto start = std::chrono::steady_clock::now();
            const at::Tensor c = at::mm(a, b);
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        flops = 2.0 * n * n * n / std::max(best, 1e-9);
    });
    return flops;
}

DeviceSpeed ComputeThroughput::of(const DeviceInfo& device, ComputeDtype dtype)
{
    if (device.isCuda())
        return ofGpuNamed(device.name, dtype);
    DeviceSpeed speed;
    const double matmul = measuredCpuMatmulFlops();
    speed.flopsPerSecond = matmul * kCpuEfficiency;
    char basis[120];
    std::snprintf(basis, sizeof basis, "this CPU: %.0f GFLOPS fp32 matmul measured x %.2f", matmul / 1e9,
                  kCpuEfficiency);
    speed.basis = basis;
    return speed;
}

} // namespace framesmith
