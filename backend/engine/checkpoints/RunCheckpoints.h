#pragma once
// Where one run's latents are kept: the checkpoint target chosen before any work (a folder that
// cannot take the file must not cost the denoise; a full disk later falls back, said through the
// sink), the paused checkpoint taken between steps, and the partial one an error names when
// denoising stops after some steps. GenerationRunner owns one; the worker thread, per run.
#include "engine/checkpoints/CheckpointTarget.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationResult.h"
#include "models/VideoPipeline.h"

#include <optional>
#include <string>

namespace framesmith {

class Error;

class RunCheckpoints {
public:
    RunCheckpoints(VideoPipeline& pipeline, ProgressSink& sink);

    // A new run: chooses the target (RunOptions::checkpointPath, "" for the default) and forgets
    // the last run's pause.
    void begin(const std::string& wanted, const GenerationRequest& request);
    // To the target chosen in begin(); if the disk filled since, to a fallback folder (said so).
    std::string write(const LatentsCheckpoint& checkpoint);
    // Denoising stopped (out of memory, StopNow) after some steps: they are kept as a partial
    // checkpoint, named in the error. Nothing to keep before the first step.
    void keepUnfinished(const GenerationRequest& request, GenerationResult& result, Error& error);
    // Between steps: the latents and every state the next step depends on, taken before the
    // denoiser is released (written by the caller once denoising has ended).
    void pause(const GenerationRequest& request, const NoiseSource& noise, int stepsCompleted, bool isForGrowth);

    const std::optional<LatentsCheckpoint>& paused() const { return m_paused; }
    bool isPausedForGrowth() const { return m_isPausedForGrowth; } // the memory-growth detector asked

private:
    VideoPipeline& m_pipeline;
    ProgressSink& m_sink;
    std::optional<CheckpointTarget> m_target; // chosen before denoising, per run
    std::optional<LatentsCheckpoint> m_paused; // taken between steps when a pause came, per run
    bool m_isPausedForGrowth = false;
};

} // namespace framesmith
