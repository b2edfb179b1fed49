#pragma once
// Runs one request through a VideoPipeline stage by stage: text encoding (or the prompt cache),
// denoising (events, preview and cancel checks between steps), the latents checkpoint (always,
// before decoding), VAE decoding. A pause (CancelMode::Pause, RunOptions::pauseAfterStep) ends the
// run between steps with a paused checkpoint; RunOptions::resume continues one. Whatever fails after a step finished keeps the latents: an
// out-of-memory or StopNow while denoising writes a partial checkpoint, a failed decode leaves
// the full one, and the error carries its path (Error::latentsCheckpointPath). Only Engine
// creates one. Thread: the worker thread that owns the pipeline.
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationResult.h"
#include "framesmith/MemoryPreset.h"
#include "engine/checkpoints/RunCheckpoints.h"
#include "engine/RunOptions.h"
#include "models/VideoPipeline.h"

#include <ATen/core/Tensor.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace framesmith {

class GenerationMemory;
class RuntimePlacement;
class StepCache;

class GenerationRunner {
public:
    GenerationRunner(VideoPipeline& pipeline, ProgressSink& sink, const CancelToken& cancel);
    ~GenerationRunner();

    GenerationResult run(const GenerationRequest& request, const RunOptions& options);
    // Decodes checkpoint latents (a fresh run's or a saved one's) into result.clip.
    void decodeInto(GenerationResult& result, const at::Tensor& latents, const DecodeSettings& settings);

    const at::Tensor& frames() const { return m_frames; } // [F, 3, H, W] float in [0, 1], last decode
    Stage stage() const { return m_stage; }               // the stage under way (or last begun)

private:
    bool denoise(const GenerationRequest& request, const RunOptions& options, NoiseSource& noise,
                 GenerationResult& result);
    void denoiseSteps(const RunOptions& options, NoiseSource& noise, GenerationResult& result, bool& isComplete);
    int resumeFrom(const RunOptions& options, NoiseSource& noise, GenerationResult& result);
    bool isPauseDue(const RunOptions& options, int step, int firstStep) const;
    GenerationResult finishPaused(GenerationResult result);
    void encodeText(const GenerationRequest& request, const RunOptions& options, GenerationResult& result);
    const EncodedPrompts* cachedPrompts(const GenerationRequest& request, const RunOptions& options);
    void stepFinished(int index, double seconds, double secondsPerStep, GenerationResult& result);
    void addTiming(GenerationResult& result, Stage stage, double seconds);
    void useMemory(GenerationMemory* memory, RuntimePlacement* placement);
    void applyPreset(const MemoryPreset& preset); // an OOM rung changed the preset: re-place, retile
    void beginStage(Stage stage, const std::string& detail);
    void useStepCache(const GenerationRequest& request, const RunOptions& options);
    void reportStepCache(GenerationResult& result);

    VideoPipeline& m_pipeline;
    ProgressSink& m_sink;
    const CancelToken& m_cancel;
    at::Tensor m_frames;
    std::unique_ptr<GenerationMemory> m_ownMemory;
    GenerationMemory* m_memory = nullptr;
    RuntimePlacement* m_placement = nullptr;
    DecodeSettings* m_liveDecode = nullptr; // the settings of the decode under way
    Stage m_stage = Stage::Invalid;
    RunCheckpoints m_checkpoints;
    std::unique_ptr<StepCache> m_ownStepCache;    // per run; null when request.stepCache is "off"
    StepCache* m_stepCache = nullptr;             // the run's: the own one or RunOptions::stepCache
};

} // namespace framesmith
