#pragma once
// diffusers CogVideoXDPMScheduler (CogVideoX-5b, 5b-I2V, 1.5): a stochastic second-order
// DPM-Solver++ step that keeps the previous x0 prediction. It draws noise at every step whatever eta
// is: one draw on a first-order step, two on a second-order step (only the second is used).
#include "models/cogvideox/sampling/CogVideoXScheduler.h"

#include <optional>

namespace framesmith {

class CogVideoXDPMScheduler : public CogVideoXScheduler {
public:
    explicit CogVideoXDPMScheduler(CogVideoXSchedulerConfig config);

    std::string name() const override { return "dpm"; }
    SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                       NoiseSource& noise) override;
    // "previous_pred_original" once a step ran.
    StepState saveState() const override;
    void restoreState(const StepState& state) override;

protected:
    void restart() override;

private:
    struct Multipliers {
        double sample = 0, denoised = 0, noise = 0; // mult1, mult2, mult_noise
        double current = 0, previous = 0;           // mult3, mult4 (second order only)
    };
    Multipliers multipliers(double alphaT, double alphaPrev, std::optional<double> alphaBack) const;

    at::Tensor m_previousPredOriginal; // undefined before the first step of a run
};

} // namespace framesmith
