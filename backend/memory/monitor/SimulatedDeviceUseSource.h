#pragma once
// A scenario of other programs taking GPU memory mid-run, so the re-plan it calls for is proven
// on a CPU-only machine (and shown on a real one): FRAMESMITH_SIMULATE_OTHER_PROCESS=
// <step>:<MiB>[@<device>][,...] — from that denoising step on, another program holds that many
// MiB of the device (default cuda:0). E.g. "3:6144" (6 GiB taken before step 3), or
// "2:1024,4:8192@cuda:1". Readings carry only the other program's bytes (total 0: unknown).
#include "memory/monitor/DeviceUseSource.h"

#include <vector>

namespace framesmith {

class SimulatedDeviceUseSource : public DeviceUseSource {
public:
    static constexpr const char* kVariable = "FRAMESMITH_SIMULATE_OTHER_PROCESS";

    struct Taking {
        int step = 0;
        std::int64_t bytes = 0;
        std::string device = "cuda:0";
    };
    explicit SimulatedDeviceUseSource(std::vector<Taking> takings) : m_takings(std::move(takings)) {}
    // Throws InvalidRequestError naming the variable and what is wrong.
    static SimulatedDeviceUseSource parse(const std::string& spec);

    std::optional<DeviceUse> read(const std::string& device) override;
    void setStep(int step) override { m_step = step; }
    const std::vector<Taking>& takings() const { return m_takings; }

private:
    std::vector<Taking> m_takings;
    int m_step = 0;
};

} // namespace framesmith
