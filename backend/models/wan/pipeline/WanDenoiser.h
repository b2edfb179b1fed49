#pragma once
// One Wan denoising run, step by step, as diffusers WanPipeline / WanImageToVideoPipeline (0.36)
// loop: the expert and guidance scale of the step's timestep (WanExpertSwitch), the model input
// (latents; cat([latents, condition], 1) for the channel-concatenating I2V; (1 − mask)·condition +
// mask·latents for TI2V image-to-video), the timestep (t.expand(B), or one per token with
// expand_timesteps), classifier-free guidance as two transformer calls, cond first, then the
// sampler's step on the latents. The sampler's state is the run's: it carries over the switch.
// Thread: the pipeline's worker.
#include "models/wan/conditioning/WanFirstFrameConditioning.h"
#include "models/wan/pipeline/WanExperts.h"
#include "models/wan/sampling/WanExpertSwitch.h"
#include "schedulers/Scheduler.h"

#include <memory>

namespace framesmith {

// Everything a step computed, named as golden/pipeline/*.safetensors names them (step{i}_*).
struct WanStepRecord {
    int index = 0;
    double timestep = 0;
    int expert = 0;
    double guidanceScale = 0;
    at::Tensor modelInput;     // [1, C_in, F, h, w] model_input
    at::Tensor timestepInput;  // [1] int64 (float32 for Euler), or [1, seq] float32 per token
    at::Tensor noisePredCond;  // [1, C, F, h, w]
    at::Tensor noisePredUncond; // undefined without guidance
    at::Tensor noisePred;      // the guided prediction the sampler took
    at::Tensor latents;        // after the sampler's step (before TI2V's final frame-0 replacement)
};

struct WanDenoiserInputs {
    at::Tensor latents;               // [1, C, F, h, w] float32: the initial noise
    at::Tensor promptEmbeds;          // [1, 512, D]
    at::Tensor negativePromptEmbeds;  // undefined: no guidance
    at::Tensor channelCondition;      // [1, 4 + z, F, h, w] (channel-concatenating I2V) or undefined
    WanFirstFrameCondition firstFrame; // TI2V image-to-video, or undefined
    at::Tensor imageEmbeds;           // [1, N, image_dim]: Wan 2.1 I2V's CLIP rows, or undefined
    bool expandTimesteps = false;
};

class WanDenoiser {
public:
    WanDenoiser(std::unique_ptr<Scheduler> scheduler, WanExpertSwitch expertSwitch, WanExperts& experts,
                c10::ScalarType dtype, WanDenoiserInputs inputs);

    int stepCount() const { return m_scheduler->stepCount(); }
    double timestep(int index) const { return m_scheduler->timestep(index); }
    int expertAt(int index) const { return m_switch.expertFor(timestep(index)); }
    WanStepRecord step(int index, NoiseSource& noise);
    // The run's step cache (nullptr: none): branches 2·expert (conditional) and 2·expert + 1.
    void setStepCache(StepCache* cache) { m_stepCache = cache; }

    const at::Tensor& latents() const { return m_inputs.latents; } // [1, C, F, h, w]
    // What is decoded: TI2V image-to-video writes the condition over frame 0 (done after the last
    // step already; a run stopped early gets it here). Idempotent.
    at::Tensor finalLatents() const;
    StepState state() const { return m_scheduler->saveState(); }
    void restore(const at::Tensor& latents, const StepState& state);
    const Scheduler& scheduler() const { return *m_scheduler; }

private:
    at::Tensor modelInput() const;
    at::Tensor timestepInput(double t) const;

    std::unique_ptr<Scheduler> m_scheduler;
    WanExpertSwitch m_switch;
    WanExperts& m_experts;
    c10::ScalarType m_dtype;
    WanDenoiserInputs m_inputs;
    StepCache* m_stepCache = nullptr;
};

} // namespace framesmith
