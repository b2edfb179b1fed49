#pragma once
// Open-Sora 1.2 RFLOW sampler (opensora/schedulers/rf at df5668c): rectified-flow Euler steps over
// t_i = (1 − i/N)·1000, optionally moved by the resolution- and frame-dependent timestep transform,
// with the frame-mask branch of RFLOW.sample (each step draws noise; frames whose
// 1000·mask ≥ t are denoised, the others keep the step's input; a frame that enters the range is
// re-noised first) and classifier-free guidance in the [cond, uncond] batch order.
//
// The pipeline drives this class directly: it needs per-sample float timesteps, a hook before the
// model call (beginStep: the draw and re-noising) and a step taking the guided velocity, which the
// generic Scheduler does not carry; OpenSoraRflowSampler is its view behind that interface. One
// run, one thread.
#include "models/opensora/sampling/OpenSoraModelKwargs.h"
#include "schedulers/NoiseSource.h"

#include <ATen/core/Tensor.h>

#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraRflowSettings {
    int steps = 30;                     // num_sampling_steps
    int numTimesteps = 1000;
    double cfgScale = 7.0;              // configs/opensora-v1-2/inference/sample.py
    bool useTimestepTransform = true;   // sample.py
    bool useDiscreteTimesteps = false;
};

class OpenSoraRflowScheduler {
public:
    struct ModelInput {
        at::Tensor z;          // [B, C, T, h, w] float32: the latents the model sees this step
        at::Tensor xMask;      // [B, T] bool (1000·mask ≥ t), undefined without a frame mask
        at::Tensor maskNoise;  // the step's draw, undefined without a frame mask
    };

    explicit OpenSoraRflowScheduler(OpenSoraRflowSettings settings); // throws InvalidRequestError("steps")

    std::string name() const { return "rflow"; }
    const OpenSoraRflowSettings& settings() const { return m_settings; }

    // timestep_transform in float32 in the reference's order: t/N_t, r = sqrt(H·W/512²)·sqrt(⌊F/17⌋·5)
    // (1 when F is 1), r·t/(1 + (r − 1)·t)·N_t. Computes in the kwargs' dtype where the reference does.
    static at::Tensor timestepTransform(const at::Tensor& t, const OpenSoraModelKwargs& kwargs, int numTimesteps);
    // RFlowScheduler.add_noise: (1 − t/N_t)·x0 + (t/N_t)·noise, with t [B].
    static at::Tensor addNoise(const at::Tensor& x0, const at::Tensor& noise, const at::Tensor& t, int numTimesteps);

    // Starts a run for a batch with these kwargs. frameMask [B, T] float (text-to-video: ones, as
    // apply_mask_strategy returns) or undefined for no frame-mask branch. NaN timesteps are kept
    // (see firstInvalidStep); the pipeline refuses them before running.
    void start(const OpenSoraModelKwargs& kwargs, const at::Tensor& frameMask);
    int stepCount() const { return static_cast<int>(m_timesteps.size()); }
    const at::Tensor& timestep(int index) const { return m_timesteps.at(index); } // [B] float32
    int firstInvalidStep() const; // -1 when every timestep is finite

    // Before the model call of step `index`: the frame-mask branch (one draw from `noise`).
    ModelInput beginStep(int index, const at::Tensor& z, NoiseSource& noise);
    // v = uncond + s·(cond − uncond) from the model output [2B, C_out, ...] ([cond, uncond] halves;
    // the first half of the channels is the velocity: .chunk(2, dim=1)[0]).
    at::Tensor guidedVelocity(const at::Tensor& modelOutput, double guidanceScale) const;
    // After the model call: z + v·dt/N_t, then frames outside the range get the step's input back.
    at::Tensor endStep(int index, const at::Tensor& velocity);

    // Between steps (after endStep, or after start): the frame-mask branch's "noise_added" [B, T]
    // bool, the frames already re-noised; empty without the branch. restoreState after start() of
    // the same request continues the run; throws FileError(BadFile) for a state of another shape.
    StepState saveState() const;
    void restoreState(const StepState& state);

private:
    OpenSoraRflowSettings m_settings;
    std::vector<at::Tensor> m_timesteps; // per step [B] float32
    at::Tensor m_frameMask;              // [B, T] float, undefined without the branch
    at::Tensor m_noiseAdded;             // [B, T] bool
    at::Tensor m_stepInput;              // x0 of the current step
    at::Tensor m_upper;                  // mask_t_upper of the current step
    at::Tensor m_z;                      // z of the current step (after re-noising)
};

} // namespace framesmith
