#pragma once
// diffusers FlowMatchEulerDiscreteScheduler (0.36) without dynamic shifting: sigma_max/sigma_min
// from the class's float32 training table (shifted once), float64 timesteps linspace(sigma_max·N,
// sigma_min·N, n) whose sigmas are shifted again (the reference shifts twice), rounded once to
// float32, timesteps = sigmas·N in float32, a final sigma 0; step: x + (sigma_{i+1} − sigma_i)·v.
// Note: diffusers' from_config of a Wan UniPC config has no "shift" key, so that Euler runs with
// shift 1 (what a pipeline swapping samplers must decide). One run, one thread; memoryless.
#include "schedulers/Scheduler.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace framesmith {

struct WanFlowMatchEulerSettings {
    int numTrainTimesteps = 1000;
    double shift = 1.0;

    // A scheduler_config.json object; refuses dynamic shifting, karras/exponential/beta sigmas,
    // invert_sigmas, shift_terminal and stochastic sampling (FileError BadFile naming origin and key).
    static WanFlowMatchEulerSettings fromConfig(const nlohmann::json& config, const std::string& origin);
};

class WanFlowMatchEulerScheduler : public Scheduler {
public:
    explicit WanFlowMatchEulerScheduler(WanFlowMatchEulerSettings settings);

    std::string name() const override { return "euler"; }
    void setTimesteps(const ScheduleRequest& request) override; // 1 to 1000 steps
    using Scheduler::setTimesteps; // setTimesteps(stepCount)
    int stepCount() const override { return static_cast<int>(m_timesteps.size()); }
    double timestep(int index) const override; // the float32 timestep
    SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample, NoiseSource& noise) override;
    StepState saveState() const override { return {}; }
    void restoreState(const StepState& state) override;

    at::Tensor timesteps() const; // [n] float32
    at::Tensor sigmas() const;    // [n + 1] float32, last 0

private:
    WanFlowMatchEulerSettings m_settings;
    std::vector<float> m_timesteps;
    std::vector<float> m_sigmas;
};

} // namespace framesmith
