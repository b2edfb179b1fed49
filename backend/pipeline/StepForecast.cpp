#include "framesmith/StepForecast.h"

#include "pipeline/EnginePlanning.h"

namespace framesmith {

StepForecast StepForecast::of(const GenerationRequest& request, const MemoryPreset& preset,
                              const std::vector<DeviceInfo>& devices)
{
    const StepEstimate& step = EnginePlanning::plan(request, preset, devices).detailed.step;
    return {step.seconds, step.transferSeconds, step.basis};
}

} // namespace framesmith
