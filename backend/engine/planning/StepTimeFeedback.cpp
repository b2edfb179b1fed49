#include "engine/planning/StepTimeFeedback.h"

#include "engine/planning/EnginePlanning.h"

#include <algorithm>

namespace framesmith {

void StepTimeFeedback::onStepFinished(const StepFinished& e)
{
    if (e.seconds > 0)
        m_stepSeconds.push_back(e.seconds);
    m_sink.onStepFinished(e);
}

std::optional<double> StepTimeFeedback::measuredSecondsPerStep() const
{
    if (m_stepSeconds.empty())
        return std::nullopt;
    std::vector<double> warm(m_stepSeconds.size() > 1 ? m_stepSeconds.begin() + 1 : m_stepSeconds.begin(),
                             m_stepSeconds.end());
    std::nth_element(warm.begin(), warm.begin() + warm.size() / 2, warm.end());
    return warm[warm.size() / 2];
}

void StepTimeFeedback::record(const GenerationRequest& request, const MemoryPreset& preset,
                              const std::vector<DeviceInfo>& devices, const StepTimeCalibration& store) const noexcept
{
    const std::optional<double> measured = measuredSecondsPerStep();
    if (!measured || request.stepCache != "off" || store.path().empty())
        return;
    try {
        const EnginePlan plan = EnginePlanning::plan(request, preset, devices);
        const StepArithmetic arithmetic = StepTimeCalibration::arithmeticOf(plan.detailed, devices);
        if (arithmetic.seconds <= 0 || arithmetic.flops <= 0)
            return;
        StepCalibration c;
        c.deviceKey = StepTimeCalibration::deviceKey(arithmetic.device);
        c.modelKey = StepTimeCalibration::modelKey(request.modelPath);
        c.measuredSeconds = *measured;
        c.flops = arithmetic.flops;
        c.arithmeticSeconds = arithmetic.seconds;
        c.steps = static_cast<int>(m_stepSeconds.size());
        store.record(c);
    } catch (const std::exception&) {
        // the run finished; a forecast that stays a range is all that is lost
    }
}

} // namespace framesmith
