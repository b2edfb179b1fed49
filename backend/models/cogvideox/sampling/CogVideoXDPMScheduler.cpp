#include "models/cogvideox/sampling/CogVideoXDPMScheduler.h"

#include "models/cogvideox/sampling/PredictedOriginal.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

namespace {

// log-SNR / 2. alphas_cumprod[999] == 0 after the zero-terminal-SNR rescale, so this is -inf on the
// first step; the reference relies on IEEE exp(-inf) = 0 and 1 / inf = 0, and so do we.
double halfLogSnr(double alphaProd)
{
    return std::log(std::sqrt(alphaProd / (1 - alphaProd)));
}

} // namespace

CogVideoXDPMScheduler::CogVideoXDPMScheduler(CogVideoXSchedulerConfig config) : CogVideoXScheduler(std::move(config)) {}

void CogVideoXDPMScheduler::restart()
{
    m_previousPredOriginal = at::Tensor();
}

CogVideoXDPMScheduler::Multipliers CogVideoXDPMScheduler::multipliers(double alphaT, double alphaPrev,
                                                                      std::optional<double> alphaBack) const
{
    // diffusers get_variables / get_mult, in float64 like the reference's 0-dim tensors.
    const double lamb = halfLogSnr(alphaT);
    const double h = halfLogSnr(alphaPrev) - lamb;
    Multipliers m;
    m.sample = std::sqrt((1 - alphaPrev) / (1 - alphaT)) * std::exp(-h);
    m.denoised = std::expm1(-2 * h) * std::sqrt(alphaPrev);
    m.noise = std::sqrt(1 - alphaPrev) * std::sqrt(1 - std::exp(-2 * h));
    if (alphaBack) {
        const double r = (lamb - halfLogSnr(*alphaBack)) / h;
        m.current = 1 + 1 / (2 * r);
        m.previous = 1 / (2 * r);
    }
    return m;
}

SchedulerStep CogVideoXDPMScheduler::step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                                          NoiseSource& noise)
{
    checkStep(index);
    const std::int64_t t = m_timesteps[index];
    const int stepCount = static_cast<int>(m_timesteps.size());
    // diffusers: prev_timestep = t - num_train_timesteps // num_inference_steps, whatever the spacing.
    const std::int64_t prevT = t - m_schedule.config().numTrainTimesteps / stepCount;
    const double alphaT = m_schedule.alphaCumprod(t);
    const double alphaPrev = prevT >= 0 ? m_schedule.alphaCumprod(prevT) : m_schedule.finalAlphaCumprod();
    // The pipeline passes timesteps[i - 1] as timestep_back (None on the first step).
    std::optional<double> alphaBack;
    if (index > 0)
        alphaBack = m_schedule.alphaCumprod(m_timesteps[index - 1]);

    at::Tensor predOriginal = predictOriginalSample(m_schedule.config().predictionType, modelOutput, sample, alphaT);
    const Multipliers m = multipliers(alphaT, alphaPrev, alphaBack);
    const std::vector<std::int64_t> shape = sample.sizes().vec();
    const std::string where = "scheduler step " + std::to_string(index);

    at::Tensor firstNoise = noise.draw(shape, sample, where + " noise 0");
    at::Tensor prev = sample * m.sample - predOriginal * m.denoised + firstNoise * m.noise;
    const bool isSecondOrder = m_previousPredOriginal.defined() && prevT >= 0;
    if (isSecondOrder) {
        // diffusers CogVideoXDPMScheduler keeps the previous x0 prediction for its 2nd-order step and
        // draws a fresh noise tensor for it; the first-order result above is discarded.
        at::Tensor denoised = predOriginal * m.current - m_previousPredOriginal.to(predOriginal.device()) * m.previous;
        at::Tensor secondNoise = noise.draw(shape, sample, where + " noise 1");
        prev = sample * m.sample - denoised * m.denoised + secondNoise * m.noise;
    }
    m_previousPredOriginal = predOriginal;
    return {prev, predOriginal};
}

StepState CogVideoXDPMScheduler::saveState() const
{
    if (!m_previousPredOriginal.defined())
        return {};
    return {{"previous_pred_original", m_previousPredOriginal}};
}

// The second-order step uses the previous prediction as it was (dtype and device included), so
// it comes back exactly as saved; only the device follows the sample at the next step.
void CogVideoXDPMScheduler::restoreState(const StepState& state)
{
    checkStateKeys(state, {"previous_pred_original"});
    auto it = state.find("previous_pred_original");
    m_previousPredOriginal = it == state.end() ? at::Tensor() : it->second;
}

} // namespace framesmith
