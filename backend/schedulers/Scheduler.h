#pragma once
// A sampler: the timesteps of a run and the update from one noise level to the next. Admits
// discrete diffusion schedulers (DDIM, DPM-Solver++ on integer timesteps) and flow-matching
// samplers (rectified flow: float times whose spacing depends on the clip's size and length).
// One instance serves one run on one thread; setTimesteps() starts a run and clears step state
// (a multistep solver's previous prediction). A family lists the samplers it offers
// (ModelFamily::schedulers, a SchedulerRegistry).
#include "schedulers/NoiseSource.h"

#include <ATen/core/Tensor.h>

#include <string>

namespace framesmith {

// What a run asks of a sampler: the step count, and the clip's pixel size and length for those whose
// timesteps depend on them (rectified flow's resolution- and frame-dependent timestep transform).
struct ScheduleRequest {
    int stepCount = 0;
    int frameCount = 0;
    int width = 0;
    int height = 0;
};

struct SchedulerStep {
    at::Tensor prevSample;          // the sample at the next noise level, same shape/dtype as the sample
    at::Tensor predOriginalSample;  // the x0 prediction of this step; undefined when the sampler has none
};

class Scheduler {
public:
    virtual ~Scheduler() = default;

    virtual std::string name() const = 0;                          // registry name: "ddim", "dpm", "rflow"
    // Throws InvalidRequestError("steps") for a step count the sampler cannot take.
    virtual void setTimesteps(const ScheduleRequest& request) = 0;
    void setTimesteps(int stepCount) { setTimesteps(ScheduleRequest{stepCount}); }
    virtual int stepCount() const = 0;                             // 0 before setTimesteps
    // The value the denoiser is conditioned on at step `index` (0-based): an integer timestep of a
    // discrete schedule, or a flow time in [0, num_timesteps], exact in float32.
    virtual double timestep(int index) const = 0;
    virtual double initNoiseSigma() const { return 1.0; }

    // Step number `index`. Draws what it needs from `noise` in the reference's order (DDIM draws
    // nothing).
    virtual SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                               NoiseSource& noise) = 0;

    // Between steps: what this run carries into its next step (a multistep solver's previous x0
    // prediction, RFLOW's frames already re-noised), empty for a memoryless sampler. A paused run
    // stores it; restoreState after setTimesteps of the same request continues bit-identically.
    // restoreState throws FileError(BadFile) for an entry this sampler does not know or cannot take.
    virtual StepState saveState() const = 0;
    virtual void restoreState(const StepState& state) = 0;
};

} // namespace framesmith
