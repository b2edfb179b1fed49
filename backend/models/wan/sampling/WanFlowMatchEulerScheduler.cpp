#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "models/wan/sampling/WanFlowSigmas.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

void refuseTrue(const nlohmann::json& config, const char* key, const std::string& origin)
{
    auto it = config.find(key);
    if (it != config.end() && !it->is_null() && *it != false)
        throw FileError(ErrorCode::BadFile, origin, std::string("FlowMatchEuler: ") + key + " " + it->dump() +
                                                        " is not supported here");
}

} // namespace

WanFlowMatchEulerSettings WanFlowMatchEulerSettings::fromConfig(const nlohmann::json& config, const std::string& origin)
{
    WanFlowMatchEulerSettings s;
    const ConfigReader r(config, origin);
    r.integer("num_train_timesteps", s.numTrainTimesteps, 1, 100000);
    r.number("shift", s.shift, 1e-3, 1e3);
    for (const char* key : {"use_dynamic_shifting", "use_karras_sigmas", "use_exponential_sigmas", "use_beta_sigmas",
                            "invert_sigmas", "shift_terminal", "stochastic_sampling"})
        refuseTrue(config, key, origin);
    return s;
}

WanFlowMatchEulerScheduler::WanFlowMatchEulerScheduler(WanFlowMatchEulerSettings settings) : m_settings(settings) {}

void WanFlowMatchEulerScheduler::setTimesteps(const ScheduleRequest& request)
{
    const int n = request.stepCount;
    if (n < 1 || n > 1000)
        throw InvalidRequestError("steps", "FlowMatchEuler takes 1 to 1000 steps, got " + std::to_string(n));
    const int total = m_settings.numTrainTimesteps;
    // __init__ in float32: sigmas = linspace(1, N, N)[::-1] / N, shifted; sigma_max = 1 shifted, sigma_min = 1/N shifted.
    // (Python floats meet float32 tensors: shift and shift − 1 are rounded to float32 first)
    const float shift = static_cast<float>(m_settings.shift), shiftLess1 = static_cast<float>(m_settings.shift - 1.0);
    auto shiftedFloat = [&](float s) { return shift * s / (1.0f + shiftLess1 * s); };
    const double sigmaMax = shiftedFloat(static_cast<float>(total) / static_cast<float>(total));
    const double sigmaMin = shiftedFloat(1.0f / static_cast<float>(total));
    // set_timesteps in float64: linspace(sigma_max·N, sigma_min·N, n) / N, shifted again, then float32.
    const std::vector<double> times = WanFlowSigmas::linspace(sigmaMax * total, sigmaMin * total, n);
    m_sigmas.clear();
    m_timesteps.clear();
    for (double t : times) {
        const float sigma = static_cast<float>(WanFlowSigmas::shifted(t / total, m_settings.shift));
        m_sigmas.push_back(sigma);
        m_timesteps.push_back(sigma * static_cast<float>(total)); // sigmas·N in float32
    }
    m_sigmas.push_back(0.0f);
}

double WanFlowMatchEulerScheduler::timestep(int index) const
{
    return m_timesteps.at(static_cast<std::size_t>(index));
}

at::Tensor WanFlowMatchEulerScheduler::timesteps() const
{
    return at::tensor(m_timesteps, at::TensorOptions().dtype(at::kFloat));
}

at::Tensor WanFlowMatchEulerScheduler::sigmas() const
{
    return at::tensor(m_sigmas, at::TensorOptions().dtype(at::kFloat));
}

SchedulerStep WanFlowMatchEulerScheduler::step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                                               NoiseSource&)
{
    if (index < 0 || index >= stepCount())
        throw Error(ErrorCode::Internal, "FlowMatchEuler: step " + std::to_string(index) + " of " +
                                             std::to_string(stepCount()));
    // dt = sigma_next − sigma (float32 tensors); prev = sample.float() + dt·v, back to v's dtype
    const at::Tensor dt = at::scalar_tensor(m_sigmas[static_cast<std::size_t>(index) + 1], at::kFloat) -
                          at::scalar_tensor(m_sigmas[static_cast<std::size_t>(index)], at::kFloat);
    const at::Tensor prev = (sample.to(at::kFloat) + dt * modelOutput).to(modelOutput.scalar_type());
    return SchedulerStep{prev, at::Tensor()};
}

void WanFlowMatchEulerScheduler::restoreState(const StepState& state)
{
    if (!state.empty())
        throw FileError(ErrorCode::BadFile, "euler scheduler state",
                        "has \"" + state.begin()->first + "\", but FlowMatchEuler keeps no state");
}

} // namespace framesmith
