#include "engine/checkpoints/RunCheckpoints.h"

#include "framesmith/Error.h"

namespace framesmith {

RunCheckpoints::RunCheckpoints(VideoPipeline& pipeline, ProgressSink& sink) : m_pipeline(pipeline), m_sink(sink) {}

void RunCheckpoints::begin(const std::string& wanted, const GenerationRequest& request)
{
    m_paused.reset();
    m_isPausedForGrowth = false;
    m_target = CheckpointTarget::choose(wanted, request);
    if (!m_target->notice().empty())
        m_sink.onWarning({WarningKind::General, m_target->notice()});
}

std::string RunCheckpoints::write(const LatentsCheckpoint& checkpoint)
{
    const std::string before = m_target->path();
    const std::string path = m_target->write(checkpoint);
    if (path != before)
        m_sink.onWarning({WarningKind::General, m_target->notice()});
    return path;
}

void RunCheckpoints::keepUnfinished(const GenerationRequest& request, GenerationResult& result, Error& error)
{
    if (result.stepsCompleted == 0 || !m_pipeline.latents().defined())
        return;
    result.latentsCheckpointPath =
        write({m_pipeline.latents(), request, m_pipeline.family(), result.stepsCompleted, m_pipeline.stepCount(), true});
    error.setLatentsCheckpointPath(result.latentsCheckpointPath);
}

void RunCheckpoints::pause(const GenerationRequest& request, const NoiseSource& noise, int stepsCompleted,
                           bool isForGrowth)
{
    LatentsCheckpoint c{m_pipeline.latents().clone(), request, m_pipeline.family(), stepsCompleted,
                        m_pipeline.stepCount(), true};
    c.isPaused = true;
    c.schedulerState = m_pipeline.denoiseState();
    c.noiseState = noise.saveState();
    m_paused = std::move(c);
    m_isPausedForGrowth = isForGrowth;
}

} // namespace framesmith
