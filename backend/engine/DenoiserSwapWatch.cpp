#include "engine/DenoiserSwapWatch.h"

#include "memory/placement/RuntimePlacement.h"

namespace framesmith {

DenoiserSwapWatch::DenoiserSwapWatch(RuntimePlacement* placement, ProgressSink& sink, const int& stepsCompleted,
                                     std::function<int()> stepCount)
    : m_placement(placement), m_sink(sink), m_stepsCompleted(stepsCompleted), m_stepCount(std::move(stepCount))
{
    if (m_placement)
        m_placement->setAttachObserver(
            [this](const std::string& component, ComponentRole role) { onAttach(component, role); });
}

DenoiserSwapWatch::~DenoiserSwapWatch()
{
    if (m_placement)
        m_placement->setAttachObserver({});
}

void DenoiserSwapWatch::onAttach(const std::string& component, ComponentRole role)
{
    if (role != ComponentRole::Denoiser || component == m_active)
        return;
    const std::string previous = m_active;
    m_active = component;
    if (previous.empty())
        return; // the run's first denoiser: the stage's own start
    m_sink.onStageStarted({Stage::Denoising, component + " takes over from " + previous + " at step " +
                                                 std::to_string(m_stepsCompleted + 1) + " of " +
                                                 std::to_string(m_stepCount())});
}

} // namespace framesmith
