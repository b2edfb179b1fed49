#include "models/cogvideox/sampling/CogVideoXDDIMScheduler.h"

#include "models/cogvideox/sampling/PredictedOriginal.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

CogVideoXDDIMScheduler::CogVideoXDDIMScheduler(CogVideoXSchedulerConfig config) : CogVideoXScheduler(std::move(config)) {}

SchedulerStep CogVideoXDDIMScheduler::step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                                           NoiseSource&)
{
    checkStep(index);
    const std::int64_t t = m_timesteps[index];
    const int stepCount = static_cast<int>(m_timesteps.size());
    // diffusers: prev_timestep = t - num_train_timesteps // num_inference_steps, whatever the spacing.
    const std::int64_t prevT = t - m_schedule.config().numTrainTimesteps / stepCount;
    const double alphaProdT = m_schedule.alphaCumprod(t);
    const double alphaProdPrev = prevT >= 0 ? m_schedule.alphaCumprod(prevT) : m_schedule.finalAlphaCumprod();

    at::Tensor predOriginal = predictOriginalSample(m_schedule.config().predictionType, modelOutput, sample, alphaProdT);
    // eta = 0: x_{t-1} = a_t x_t + b_t x0 with a_t = sqrt((1 - a_prev) / (1 - a_t)).
    const double a = std::sqrt((1 - alphaProdPrev) / (1 - alphaProdT));
    const double b = std::sqrt(alphaProdPrev) - std::sqrt(alphaProdT) * a;
    return {sample * a + predOriginal * b, predOriginal};
}

void CogVideoXDDIMScheduler::restoreState(const StepState& state)
{
    checkStateKeys(state, {});
}

} // namespace framesmith
