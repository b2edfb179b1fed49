#pragma once
// The denoising stage of Open-Sora 1.2 text-to-video (RFLOW.sample as scripts/inference.py calls
// it): classifier-free guidance with the model's own null caption — y = cat([y_text, y_null]), the
// text mask one row per prompt, so the null half uses the first y_lens rows of y_embedding — the
// frame mask (ones for text-to-video, apply_mask_strategy's with references), and the size/fps conditioning. Text embeddings, initial
// latents and every draw come from outside, so recorded tensors replay the reference exactly.
// Thread: the worker thread that owns the model.
#include "models/opensora/sampling/OpenSoraModelKwargs.h"
#include "models/opensora/sampling/OpenSoraRflowScheduler.h"
#include "models/opensora/transformer/STDiT3.h"

#include <functional>
#include <memory>

namespace framesmith {

// One sampling step as the fixtures record it (golden/pipeline.safetensors stepK.*).
struct OpenSoraStepRecord {
    int index = 0;
    at::Tensor x;           // stepK.x: the model input cat([z, z]) [2B, C, T, h, w] float32
    at::Tensor timestep;    // stepK.timestep [2B] float32
    at::Tensor xMask;       // stepK.x_mask [2B, T] bool
    at::Tensor maskNoise;   // stepK.mask_noise [B, C, T, h, w]: the step's draw
    at::Tensor modelOutput; // stepK.model_output [2B, C_out, T, h, w] float32
    at::Tensor latents;     // z after the step [B, C, T, h, w] float32
};

class OpenSoraDenoiser {
public:
    using StepObserver = std::function<void(const OpenSoraStepRecord&)>;

    OpenSoraDenoiser(std::shared_ptr<const STDiT3> model, OpenSoraRflowSettings settings);

    // The timesteps for these kwargs, checked before any model work: a NaN timestep (2 to 16 frames
    // with the timestep transform) throws InvalidRequestError("frameCount") naming the frame rule.
    static void checkTimesteps(const OpenSoraRflowScheduler& scheduler, int frameCount);

    // y [B, 1, L, caption_channels] and mask [B, L] from the text encoder; initialLatents
    // [B, in_channels, T, h, w] (the reference's first draw). Throws ShapeError on mismatches.
    // frameMask [B, T] float: apply_mask_strategy's (0 kept, r re-noised at t = 1000·r, 1 denoised);
    // undefined: ones, as it returns for a plain prompt.
    void start(const at::Tensor& y, const at::Tensor& mask, const OpenSoraModelKwargs& kwargs,
               const at::Tensor& initialLatents, int frameCount, const at::Tensor& frameMask = at::Tensor());
    int stepCount() const { return m_scheduler.stepCount(); }
    double timestep(int index) const; // of the first prompt
    // One step: draws the frame-mask noise from `noise`, runs the guided forward, updates z.
    // NumericalError names the step when the model output is not finite.
    OpenSoraStepRecord step(int index, NoiseSource& noise);
    const at::Tensor& latents() const { return m_latents; } // [B, C, T, h, w] float32
    // The step cache of the next steps' forwards (nullptr: none); row 0 (conditional) is branch 0.
    void setStepCache(StepCache* cache) { m_stepCache = cache; }
    // Between steps, for a paused run: the sampler's state; restore() continues from latents
    // [B, C, T, h, w] and that state after start() of the same request (throws ShapeError, FileError).
    StepState state() const { return m_scheduler.saveState(); }
    void restore(const at::Tensor& latents, const StepState& state);

private:
    std::shared_ptr<const STDiT3> m_model;
    OpenSoraRflowScheduler m_scheduler;
    OpenSoraModelKwargs m_kwargs;
    at::Tensor m_y;      // [2B, 1, L, caption]: [y_text, y_null]
    at::Tensor m_mask;   // [B, L]
    at::Tensor m_latents;
    StepCache* m_stepCache = nullptr;
};

} // namespace framesmith
