#pragma once
// The noise schedule both CogVideoX schedulers share: the (SNR-shifted, optionally zero-terminal-SNR
// rescaled) cumulative alphas and the inference timesteps for a spacing rule. Values follow diffusers
// v0.36 CogVideoX{DDIM,DPM}Scheduler.__init__/set_timesteps, including their dtypes.
#include "models/cogvideox/sampling/CogVideoXSchedulerConfig.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace framesmith {

class DiffusionSchedule {
public:
    explicit DiffusionSchedule(CogVideoXSchedulerConfig config);

    const CogVideoXSchedulerConfig& config() const { return m_config; }
    // float64 [num_train_timesteps]; for a float32 beta schedule these are the float32 values widened.
    at::Tensor alphasCumprodTensor() const;
    double alphaCumprod(std::int64_t timestep) const;   // throws for timesteps outside the table
    double finalAlphaCumprod() const { return m_finalAlphaCumprod; }

    // Descending timesteps for `stepCount` inference steps (throws InvalidRequestError "steps").
    std::vector<std::int64_t> timesteps(int stepCount) const;

private:
    CogVideoXSchedulerConfig m_config;
    std::vector<double> m_alphasCumprod;
    double m_finalAlphaCumprod = 1.0;
};

} // namespace framesmith
