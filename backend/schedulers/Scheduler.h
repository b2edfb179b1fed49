#pragma once
// A denoising scheduler: the timesteps of a run and the update from one noise level to the next.
// One instance serves one run on one thread; setTimesteps() starts a run and clears step state
// (the DPM solver's previous x0 prediction). Registered by name in SchedulerRegistry.
#include "schedulers/NoiseSource.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct SchedulerStep {
    at::Tensor prevSample;          // x_{t-1}, same shape/dtype as the sample
    at::Tensor predOriginalSample;  // the x0 prediction of this step
};

class Scheduler {
public:
    virtual ~Scheduler() = default;

    virtual std::string name() const = 0;                      // registry name: "ddim", "dpm"
    virtual void setTimesteps(int stepCount) = 0;              // throws InvalidRequestError("steps")
    virtual const std::vector<std::int64_t>& timesteps() const = 0;
    virtual at::Tensor alphasCumprod() const = 0;              // float64 [num_train_timesteps]
    virtual double finalAlphaCumprod() const = 0;
    virtual double initNoiseSigma() const { return 1.0; }

    // Step number `index` (0-based into timesteps()). Draws what it needs from `noise` in the
    // reference's order (DDIM draws nothing).
    virtual SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                               NoiseSource& noise) = 0;
};

} // namespace framesmith
