#pragma once
// The step loop's guard against other programs: before each denoising step, how much GPU memory
// other programs hold is compared with when the run began (a DeviceUseSource). When they took
// some and the plan for the rest of the denoising (the preset's VRAM headroom kept) no longer
// fits what is left, the run steps down the OOM ladder now, instead of waiting for the OOM: the
// levers an OOM in denoising would climb (block streaming), applied between steps, so the denoise
// state (latents, scheduler, noise) is untouched and the step runs once, on the lower rung. A
// warning names how much was taken and the lever, with a graph marker (kOtherProcessReplanMarker).
// The decode after it has its own OOM ladder (its tiles), and the latents are saved before it.
// The generation worker's thread, one run.
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationRequest.h"
#include "memory/monitor/DeviceUseSource.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class GenerationMemory;
class ModelPlanning;
class RuntimePlacement;
struct DetailedPlan;

class MemoryPressureCheck {
public:
    // Less than this taken is noise (allocator and driver bookkeeping of other programs).
    static constexpr std::int64_t kNoticeBytes = 64ll << 20;

    // Reads the baseline (step 0) now. `source` null: DeviceUseSource::fromEnvironment().
    MemoryPressureCheck(const GenerationRequest& request, RuntimePlacement& placement, GenerationMemory& memory,
                        ProgressSink& sink, std::unique_ptr<DeviceUseSource> source = nullptr);
    ~MemoryPressureCheck();

    void beforeStep(int step); // 1-based
    std::int64_t takenBytes(const std::string& device) const; // by other programs since the run began

private:
    std::vector<std::string> gpus() const;
    DetailedPlan planFor(const std::map<std::string, std::int64_t>& taken) const;
    std::string describeShortfall(const DetailedPlan& plan, int step) const;

    GenerationRequest m_request;
    RuntimePlacement& m_placement;
    GenerationMemory& m_memory;
    ProgressSink& m_sink;
    std::unique_ptr<DeviceUseSource> m_source;
    std::unique_ptr<ModelPlanning> m_model; // read when first needed
    std::map<std::string, std::int64_t> m_baseline; // other programs' bytes per GPU at the start
    std::map<std::string, std::int64_t> m_taken;
    bool m_isOutOfLevers = false;
};

} // namespace framesmith
