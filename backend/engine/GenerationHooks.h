#pragma once
// What backend callers add to a run through the Engine (GenerateOptions::hooks): the parity
// replay's recorded noise and step observer, initial latents as a tensor, and the float tensors the
// door's 8-bit clip cannot carry (the CLI's .safetensors output, tests). Torch types, so the app
// never sees it; the worker thread only, for the length of one Engine call.
#include "models/VideoPipeline.h"
#include "schedulers/NoiseSource.h"

#include <ATen/core/Tensor.h>

#include <functional>
#include <optional>

namespace framesmith {

class RuntimePlacement;

class GenerationHooks {
public:
    // In: nullptr draws from a CPU generator seeded with request.seed (the reference's order).
    NoiseSource* noise = nullptr;
    std::optional<at::Tensor> initialLatents; // [1, F, C, h, w]; wins over GenerateOptions::latentsInPath
    at::Tensor startImage;                    // [H, W, 3] uint8 instead of reading request.startImagePath
    VideoPipeline::StepObserver stepObserver; // every denoising step's tensors
    std::function<void(const EncodedPrompts&)> promptsObserver;
    // After the run, with the placement the engine carried out (kept weights, traffic, forwards).
    std::function<void(const RuntimePlacement&)> placementObserver;

    // Out, filled by the engine.
    at::Tensor finalLatents; // [1, F, C, h, w] as checkpointed
    at::Tensor frames;       // [F, 3, H, W] float in [0, 1] when decoded
};

} // namespace framesmith
