#pragma once
// How much of a GPU other programs use, for the step loop's check that the plan still fits
// (engine/checks/MemoryPressureCheck). A reading is the device's total, what the driver counts as used
// by every process, and what this process holds itself (the caching allocator's reserve): the
// rest of "used" is other programs (plus this process's CUDA context, which does not change
// while a run goes on, so a rise of otherBytes() is another program's doing).
// Sources: the driver through NVML (SystemDeviceUseSource) or a scenario for tests and demos
// (SimulatedDeviceUseSource, FRAMESMITH_SIMULATE_OTHER_PROCESS). The generation worker's thread.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace framesmith {

struct DeviceUse {
    std::int64_t totalBytes = 0;
    std::int64_t usedBytes = 0; // by every process, as the driver counts it
    std::int64_t ownBytes = 0;  // this process's reserve
    std::int64_t otherBytes() const { return std::max<std::int64_t>(0, usedBytes - ownBytes); }
};

class DeviceUseSource {
public:
    virtual ~DeviceUseSource() = default;
    // `device`: a plan's "cuda:N"; nullopt when it cannot be read (no NVML, a simulated GPU).
    virtual std::optional<DeviceUse> read(const std::string& device) = 0;
    // The denoising step about to run (1-based; 0 before the first): scenarios follow it.
    virtual void setStep(int step) { (void)step; }

    // The simulated scenario when FRAMESMITH_SIMULATE_OTHER_PROCESS is set (throws
    // InvalidRequestError naming it when malformed), else the driver's figures.
    static std::unique_ptr<DeviceUseSource> fromEnvironment();
};

} // namespace framesmith
