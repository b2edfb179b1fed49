#pragma once
// diffusers UniPCMultistepScheduler (0.36) as the Wan repos configure it: flow sigmas with
// flow_shift (use_flow_sigmas, prediction_type "flow_prediction", predict_x0), timestep_spacing
// "linspace", the B(h) predictor (UniP) and corrector (UniC) of solver_order (2 in every Wan repo),
// lower_order_final, disable_corrector. Timesteps are sigma·1000 truncated to integers (0.99967·1000
// → 999), the sigmas keep their exact float32 values and end with 0. The multistep state (the last
// data predictions, the sample before the last predictor) belongs to the run, not to a model, so
// it carries over Wan 2.2 A14B's expert switch. One run, one thread.
#include "schedulers/Scheduler.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace framesmith {

struct WanUniPCSettings {
    int numTrainTimesteps = 1000;
    int solverOrder = 2;
    double flowShift = 1.0;
    bool isBh2 = true;            // solver_type "bh2" (else "bh1")
    bool lowerOrderFinal = true;
    bool finalSigmaZero = true;   // final_sigmas_type "zero" (else "sigma_min")
    std::vector<int> disableCorrector;

    // A scheduler_config.json object. Refuses (FileError BadFile, naming origin and key) what this port
    // does not run: prediction types other than flow_prediction, use_flow_sigmas false, thresholding,
    // dynamic shifting, another timestep_spacing, predict_x0 false, solver_p.
    static WanUniPCSettings fromConfig(const nlohmann::json& config, const std::string& origin);
};

class WanUniPCScheduler : public Scheduler {
public:
    explicit WanUniPCScheduler(WanUniPCSettings settings);

    std::string name() const override { return "unipc"; }
    void setTimesteps(const ScheduleRequest& request) override; // 1 to 1000 steps
    using Scheduler::setTimesteps; // setTimesteps(stepCount)
    int stepCount() const override { return static_cast<int>(m_timesteps.size()); }
    double timestep(int index) const override;                  // the int64 timestep
    // Steps run in order from 0 (or from where restoreState left off); modelOutput is the (guided)
    // flow prediction. predOriginalSample is the data prediction the state keeps (x0 from the sample
    // before correction). Draws nothing. (diffusers finds its first index from the timestep, the
    // second occurrence when the truncated schedule repeats it: only at hundreds of steps; this
    // port steps by index.)
    SchedulerStep step(int index, const at::Tensor& modelOutput, const at::Tensor& sample, NoiseSource& noise) override;
    StepState saveState() const override;
    void restoreState(const StepState& state) override;

    const WanUniPCSettings& settings() const { return m_settings; }
    at::Tensor timesteps() const; // [n] int64
    at::Tensor sigmas() const;    // [n + 1] float32, last 0 (or the last sigma with sigma_min)

private:
    struct Coefficients;
    // The B(h) terms from sigma_source to sigma_target with the history sigma_{source − k}.
    Coefficients coefficients(int target, int source, int order) const;
    at::Tensor predictor(const at::Tensor& x, int order) const;
    at::Tensor corrector(const at::Tensor& modelT, const at::Tensor& lastSample, const at::Tensor& thisSample, int order) const;
    at::Tensor sigma(int index) const; // 0-dim float32, as the reference indexes its sigmas tensor

    WanUniPCSettings m_settings;
    std::vector<std::int64_t> m_timesteps;
    std::vector<float> m_sigmas;
    std::vector<at::Tensor> m_modelOutputs; // solver_order slots, oldest first; undefined until filled
    at::Tensor m_lastSample;
    int m_lowerOrderNums = 0;
    int m_thisOrder = 0;
    int m_stepIndex = 0;
};

} // namespace framesmith
