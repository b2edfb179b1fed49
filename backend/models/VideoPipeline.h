#pragma once
// The family-agnostic generation pipeline the runner drives stage by stage: text encoding, denoising
// one step at a time (so the runner can report, preview, cancel and checkpoint between steps) and
// decoding. Each family implements it in its folder (ModelFamily::createPipeline); nothing outside
// the family names the implementation.
// A warm engine keeps one pipeline across generations: release*() free a component unless the
// placement keepsLoaded() it, and every stage may run again with a new request.
// Thread: construct, use and destroy on the worker thread.
#include "framesmith/CancelToken.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"
#include "framesmith/PromptTokenCount.h"
#include "memory/placement/ComponentPlacement.h"
#include "schedulers/NoiseSource.h"

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class StepCache;

// How the decoder trades speed for memory; the memory presets fill it.
struct DecodeSettings {
    bool slicing = false;
    bool tiling = false;
    int tileHeight = 240; // pixels
    int tileWidth = 360;
    double tileOverlapHeight = 1.0 / 6.0;
    double tileOverlapWidth = 1.0 / 5.0;
};

// Where components run. Without a placement every component runs on `device`; with one (a memory
// preset carried out at run time) each component loads, computes and streams where it says.
struct PipelineResources {
    c10::Device device{c10::kCPU};             // transformer and VAE
    c10::ScalarType dtype = c10::kFloat;       // compute dtype of every component
    c10::Device textEncoderDevice{c10::kCPU};  // the T5 encoder runs once and is released after
    DecodeSettings decode;
    const CancelToken* cancel = nullptr;       // checked by the transformer between blocks and the VAE between tiles
    ComponentPlacement* placement = nullptr;   // not owned; outlives the pipeline
};

// Everything one denoising step produced, for parity tests and debugging (the diffusers fixtures' names
// in comments; a family with other taps adds them to `tensors` under its fixtures' names).
struct DenoiseStepRecord {
    int index = 0;
    double timestep = 0;       // as the denoiser was conditioned (integer or flow time)
    double guidanceScale = 0;  // stepK.guidance_scale
    at::Tensor modelInput;     // stepK.latent_model_input  [B*cfg, F, C_in, H, W]
    at::Tensor timesteps;      // stepK.timestep            [B*cfg] int64
    at::Tensor modelOutput;    // stepK.transformer_output  [B*cfg, F, C, H, W]
    at::Tensor noisePred;      // stepK.noise_pred          [B, F, C, H, W]
    at::Tensor latents;        // stepK.latents             [B, F, C, H, W]
    std::map<std::string, at::Tensor> tensors; // family-specific taps
};

struct EncodedPrompts {
    at::Tensor promptIds, negativePromptIds;         // [1, L] int64 (negative undefined without CFG)
    at::Tensor promptEmbeds, negativePromptEmbeds;   // [1, L, D]
    int truncatedTokens = 0;                         // of the prompt, for a warning
};

class VideoPipeline {
public:
    using StepObserver = std::function<void(const DenoiseStepRecord&)>;
    using ChunkProgress = std::function<void(int done, int total)>;

    virtual ~VideoPipeline() = default;

    virtual std::string family() const = 0;        // ModelFamilyInfo::name
    virtual const std::string& modelDir() const = 0;
    virtual ParameterSpec parameterSpec() const = 0;
    // The prompt's length in this family's tokenizer against its limit (226 for a T5-XXL family); needs no
    // weights. The default knows no tokenizer (limit 0).
    virtual PromptTokenCount countPromptTokens(const std::string& text) const { return {}; }

    // Stage 1: tokenize and encode prompt and negative prompt; the text encoder is released after
    // (kept when the placement keepsLoaded() it).
    virtual const EncodedPrompts& encodeText(const GenerationRequest& request) = 0;
    // Stage 1 from the engine's prompt cache: adopts what encodeText returned before for the same
    // prompts, model and dtype (tensors on any device). False when this family cannot; then the
    // runner calls encodeText.
    virtual bool reuseEncodedPrompts(const GenerationRequest& /*request*/, const EncodedPrompts& /*prompts*/)
    {
        return false;
    }
    // Stage 2 setup: loads the denoiser, sets the timesteps, prepares latents and any start-image
    // conditioning. startImage is [H, W, 3] uint8 (undefined for text-to-video); initialLatents is
    // optional ([1, F, C, h, w]); every random draw comes from `noise`, in the reference's order.
    virtual void prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                                  const std::optional<at::Tensor>& initialLatents, NoiseSource& noise) = 0;
    virtual int stepCount() const = 0;
    virtual double timestep(int index) const = 0;  // what step `index` conditions the denoiser on
    virtual void denoiseStep(int index, NoiseSource& noise) = 0;
    // The current latents [1, F, C, h, w] whatever the family's own layout (after the last step: what
    // the checkpoint stores, the preview renders and decode() takes back).
    virtual at::Tensor latents() const = 0;
    // Between steps: everything besides latents() that the next step depends on (the sampler's
    // state, the family's own), for a paused run's checkpoint.
    virtual StepState denoiseState() const = 0;
    // Right after prepareDenoising of the same request: continue from `latents` (latents()'
    // layout) and what denoiseState() gave, so the remaining steps give the uninterrupted run's
    // values bit for bit. Throws ShapeError for latents of another shape, FileError for a state
    // this run's sampler cannot take.
    virtual void restoreDenoising(const at::Tensor& latents, const StepState& state) = 0;
    virtual void releaseDenoiser() = 0;

    // Stage 3: checkpoint latents -> frames [F, 3, H, W] float in [0, 1] on the CPU. Needs only the
    // request (for the frame count) and the VAE, so a checkpoint can be decoded again later.
    virtual at::Tensor decode(const at::Tensor& latents, const GenerationRequest& request,
                              const DecodeSettings& settings, const ChunkProgress& progress) = 0;
    virtual void releaseDecoder() = 0;

    void setStepObserver(StepObserver observer) { m_stepObserver = std::move(observer); }
    // The run's step cache (owned by the runner; nullptr: every block of every step runs): the
    // family hands it to its transformer's forwards in denoiseStep.
    void setStepCache(StepCache* cache) { m_stepCache = cache; }

protected:
    StepObserver m_stepObserver;
    StepCache* m_stepCache = nullptr;
};

} // namespace framesmith
