#pragma once
// What the CogVideoX DDIM and DPM schedulers share: the diffusers DDPM-style schedule
// (DiffusionSchedule: alphas_cumprod with CogVideoX's SNR shift) and integer timesteps. The fixture
// evals read the table and the integer timesteps through it. One run, one thread.
#include "models/cogvideox/sampling/DiffusionSchedule.h"
#include "schedulers/Scheduler.h"

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace framesmith {

class CogVideoXScheduler : public Scheduler {
public:
    explicit CogVideoXScheduler(CogVideoXSchedulerConfig config) : m_schedule(std::move(config)) {}

    using Scheduler::setTimesteps;
    // Only the step count matters: the schedule is the same for every clip size.
    void setTimesteps(const ScheduleRequest& request) override;
    int stepCount() const override { return static_cast<int>(m_timesteps.size()); }
    double timestep(int index) const override { return static_cast<double>(m_timesteps.at(index)); }

    const std::vector<std::int64_t>& timesteps() const { return m_timesteps; }
    at::Tensor alphasCumprod() const { return m_schedule.alphasCumprodTensor(); } // float64 [num_train_timesteps]
    double finalAlphaCumprod() const { return m_schedule.finalAlphaCumprod(); }

protected:
    // Called by setTimesteps after the timesteps are set: clears a run's step state.
    virtual void restart() {}
    // Throws Internal unless index is a step of the current run.
    void checkStep(int index) const;
    // Throws FileError(BadFile) naming the first entry of `state` not in `known`.
    void checkStateKeys(const StepState& state, std::initializer_list<const char*> known) const;

    DiffusionSchedule m_schedule;
    std::vector<std::int64_t> m_timesteps;
};

} // namespace framesmith
