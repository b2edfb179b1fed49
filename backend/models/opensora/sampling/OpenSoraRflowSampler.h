#pragma once
// RFLOW behind the generic Scheduler interface (what ModelFamily::createScheduler hands out): the
// timesteps of a run from its step count and the clip's size and length (the resolution- and
// frame-dependent transform), and the Euler step from a guided velocity. The pipeline drives
// OpenSoraRflowScheduler directly for the text-to-video frame-mask branch and guidance; this view
// has no frame mask, so it draws nothing. One run, one thread.
#include "models/opensora/sampling/OpenSoraRflowScheduler.h"
#include "schedulers/Scheduler.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>

namespace framesmith {

class OpenSoraRflowSampler : public Scheduler {
public:
    // config: {"num_timesteps", "use_timestep_transform", "use_discrete_timesteps"} (sample.py's
    // defaults for absent keys); origin names where it came from. Throws FileError for a bad value.
    OpenSoraRflowSampler(const nlohmann::json& config, const std::string& origin);

    std::string name() const override { return "rflow"; }
    // The transform needs the clip: without width, height and frames the plain schedule is used.
    void setTimesteps(const ScheduleRequest& request) override;
    int stepCount() const override;
    double timestep(int index) const override;
    // modelOutput: the (guided) velocity [B, C, T, h, w]; sample: z of this step.
    SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample, NoiseSource& noise) override;
    // The run's OpenSoraRflowScheduler state (empty here: this view has no frame mask).
    StepState saveState() const override;
    void restoreState(const StepState& state) override;

private:
    OpenSoraRflowSettings m_settings;
    std::unique_ptr<OpenSoraRflowScheduler> m_run;
};

} // namespace framesmith
