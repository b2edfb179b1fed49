#pragma once
// diffusers CogVideoXDDIMScheduler (CogVideoX-2b): deterministic DDIM (eta = 0) on the shifted,
// zero-terminal-SNR schedule.
#include "schedulers/DiffusionSchedule.h"
#include "schedulers/Scheduler.h"

namespace framesmith {

class CogVideoXDDIMScheduler : public Scheduler {
public:
    explicit CogVideoXDDIMScheduler(SchedulerConfig config);

    std::string name() const override { return "ddim"; }
    void setTimesteps(int stepCount) override;
    const std::vector<std::int64_t>& timesteps() const override { return m_timesteps; }
    at::Tensor alphasCumprod() const override { return m_schedule.alphasCumprodTensor(); }
    double finalAlphaCumprod() const override { return m_schedule.finalAlphaCumprod(); }
    SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                       NoiseSource& noise) override;

private:
    DiffusionSchedule m_schedule;
    std::vector<std::int64_t> m_timesteps;
};

} // namespace framesmith
