#pragma once
// What the memory planner needs to know of one model, from its configs alone (no weight is read):
// the weight bytes of each component and transformer block, and the working memory of each stage
// for a request. A model family describes its models through it (ModelFamily::planning); the
// planner (MemoryPlanner, PlacementPlanner) keeps only the arithmetic every family shares.
// Estimates, not measurements: docs/benchmarks.md ("Memory planner accuracy") compares them with
// measured peaks. Pure; any thread (the GUI asks while the user edits a request).
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ActivationEstimator.h"
#include "memory/planner/ModelFootprint.h"

#include <cstdint>

namespace framesmith {

class ModelPlanning {
public:
    virtual ~ModelPlanning() = default;

    // Weight bytes per component at the preset's compute dtype and weight storage (fp8/int8
    // transformer blocks: WeightBytes::addTransformer).
    virtual ModelFootprint footprint(const MemoryPreset& preset) const = 0;

    // Working memory (everything but weights) of one stage, on the device that runs it. Each
    // throws InvalidRequestError("request", ...) for a request the model cannot take (a size that
    // is not a multiple of its latent grid), before any arithmetic.
    virtual std::int64_t textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const = 0;
    // batch: 2 when both halves of classifier-free guidance run together on this device, else 1.
    virtual std::int64_t denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                                      AttentionPath attention) const = 0;
    // Floating-point operations of one transformer forward over `batch` samples (the matrix
    // products and attention's two products, 2 per multiply-add; norms and elementwise work left
    // out): what the step-time estimate divides by a device's rate. Throws as denoiseBytes does.
    virtual double denoiseFlops(const GenerationRequest& request, int batch) const = 0;
    // Tokens one transformer forward carries per sample (text and video): the rows of every Linear's
    // input, which a LoRA side path's products have too. 0: unknown (the side path's working
    // memory is then left out of the plan).
    virtual std::int64_t denoiseSequenceLength(const GenerationRequest& /*request*/) const { return 0; }
    // isCpu: decoding on the CPU (other convolution engines than on a GPU).
    virtual std::int64_t vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset,
                                        bool isCpu) const = 0;
    // Working memory of turning the request's start image into the denoiser's condition with the
    // component of `role` (an image encoder's read of it, the VAE's encode), which a pipeline does
    // at the start of denoising, one component at a time, each with its weights on its compute
    // device before the denoiser is read in. 0: that component does no such work for this request
    // (text-to-video, or a model that conditions otherwise).
    virtual std::int64_t conditionEncodeBytes(const GenerationRequest& /*request*/, ComponentRole /*role*/,
                                              const MemoryPreset& /*preset*/, bool /*isCpu*/) const
    {
        return 0;
    }
};

} // namespace framesmith
