#pragma once
// diffusers CogVideoXDDIMScheduler (CogVideoX-2b): deterministic DDIM (eta = 0) on the shifted,
// zero-terminal-SNR schedule.
#include "models/cogvideox/sampling/CogVideoXScheduler.h"

namespace framesmith {

class CogVideoXDDIMScheduler : public CogVideoXScheduler {
public:
    explicit CogVideoXDDIMScheduler(CogVideoXSchedulerConfig config);

    std::string name() const override { return "ddim"; }
    SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                       NoiseSource& noise) override;
    // DDIM (eta = 0) keeps nothing between steps.
    StepState saveState() const override { return {}; }
    void restoreState(const StepState& state) override;
};

} // namespace framesmith
