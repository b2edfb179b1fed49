#pragma once
// What the engine hands GenerationRunner::run beside the request: the checkpoint path, injected
// latents, start image and noise, decode settings, the run's memory and placement, the warm
// engine's prompt cache, a paused run to continue. Plain values and borrowed pointers; the worker
// thread, for the length of one run.
#include "models/VideoPipeline.h"

#include <ATen/core/Tensor.h>

#include <functional>
#include <optional>
#include <string>

namespace framesmith {

class GenerationMemory;
class PromptCache;
class RuntimePlacement;
class StepCache;
struct LatentsCheckpoint;

struct RunOptions {
    std::string checkpointPath;               // "" -> LatentsCheckpoint::defaultPath(request)
    std::optional<at::Tensor> initialLatents; // injected instead of the first latent draw
    at::Tensor startImage;                    // [H, W, 3] uint8 instead of reading request.startImagePath
    NoiseSource* noise = nullptr;             // nullptr -> a CPU generator seeded with request.seed
    DecodeSettings decode;
    bool isDecodeWanted = true;
    bool isPreviewWanted = true;
    // OOM recovery, fault injection, cache release and peaks (memory/GenerationMemory); nullptr:
    // the runner makes one with a neutral preset.
    GenerationMemory* memory = nullptr;
    // The placement the pipeline was built with (PipelineResources::placement), when there is one:
    // the OOM ladder's placement rungs (text encoder to the CPU, block streaming) re-plan it mid-run.
    RuntimePlacement* placement = nullptr;
    // A warm engine's prompt embeddings, and the model/dtype part of their key.
    PromptCache* prompts = nullptr;
    std::string promptModelKey;
    std::function<void(const EncodedPrompts&)> promptsObserver; // the embeddings this run uses
    // A paused run to continue (LatentsCheckpoint::readPaused): its request is the one to run; its
    // latents and states replace the prepared ones and the steps start after its last. Not owned.
    const LatentsCheckpoint* resume = nullptr;
    int pauseAfterStep = 0; // GenerateOptions::pauseAfterStep
    // A step cache the caller owns and inspects (tests, benches) instead of request.stepCache's.
    StepCache* stepCache = nullptr;
};

} // namespace framesmith
