#include "models/cogvideox/sampling/DiffusionSchedule.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

namespace {

// diffusers betas_for_alpha_bar (cosine), returned as float32 like the reference.
at::Tensor cosineBetas(int n)
{
    auto alphaBar = [](double t) {
        double c = std::cos((t + 0.008) / 1.008 * M_PI / 2);
        return c * c;
    };
    std::vector<double> betas(n);
    for (int i = 0; i < n; ++i)
        betas[i] = std::min(1 - alphaBar(double(i + 1) / n) / alphaBar(double(i) / n), 0.999);
    return at::tensor(betas, at::kDouble).to(at::kFloat);
}

at::Tensor betasFor(const CogVideoXSchedulerConfig& c)
{
    const int n = c.numTrainTimesteps;
    if (!c.trainedBetas.empty())
        return at::tensor(c.trainedBetas, at::kDouble).to(at::kFloat);
    if (c.betaSchedule == "linear")
        return at::linspace(c.betaStart, c.betaEnd, n, at::kFloat);
    if (c.betaSchedule == "scaled_linear") // the only float64 schedule in the reference
        return at::pow(at::linspace(std::sqrt(c.betaStart), std::sqrt(c.betaEnd), n, at::kDouble), 2);
    return cosineBetas(n);
}

// rescale_zero_terminal_snr (arXiv 2305.08891, Algorithm 1), on alphas_cumprod as diffusers does.
at::Tensor rescaleZeroTerminalSnr(const at::Tensor& alphasCumprod)
{
    at::Tensor root = alphasCumprod.sqrt();
    at::Tensor first = root[0].clone();
    at::Tensor last = root[-1].clone();
    root = root - last;
    root = root * (first / (first - last));
    return at::pow(root, 2);
}

// numpy.arange(start, stop, step) for floats: length ceil((stop - start) / step), values
// start + i * ((start + step) - start).
std::vector<double> numpyArange(double start, double stop, double step)
{
    auto length = static_cast<std::int64_t>(std::ceil((stop - start) / step));
    double delta = (start + step) - start;
    std::vector<double> out;
    for (std::int64_t i = 0; i < length; ++i)
        out.push_back(start + static_cast<double>(i) * delta);
    return out;
}

} // namespace

DiffusionSchedule::DiffusionSchedule(CogVideoXSchedulerConfig config) : m_config(std::move(config))
{
    at::Tensor alphas = 1.0 - betasFor(m_config);
    at::Tensor cumprod = at::cumprod(alphas, 0);
    const double shift = m_config.snrShiftScale;
    // CogVideoX's SNR shift (following SD3): a / (s + (1 - s) a).
    cumprod = cumprod / ((cumprod * (1 - shift)) + shift);
    if (m_config.rescaleBetasZeroSnr)
        cumprod = rescaleZeroTerminalSnr(cumprod);
    at::Tensor wide = cumprod.to(at::kDouble).contiguous();
    m_alphasCumprod.assign(wide.data_ptr<double>(), wide.data_ptr<double>() + wide.numel());
    m_finalAlphaCumprod = m_config.setAlphaToOne ? 1.0 : m_alphasCumprod.front();
}

at::Tensor DiffusionSchedule::alphasCumprodTensor() const
{
    return at::tensor(m_alphasCumprod, at::kDouble);
}

double DiffusionSchedule::alphaCumprod(std::int64_t timestep) const
{
    if (timestep < 0 || timestep >= static_cast<std::int64_t>(m_alphasCumprod.size()))
        throw Error(ErrorCode::Internal, "scheduler: timestep " + std::to_string(timestep) + " outside [0, " +
                                             std::to_string(m_alphasCumprod.size()) + ")");
    return m_alphasCumprod[timestep];
}

std::vector<std::int64_t> DiffusionSchedule::timesteps(int stepCount) const
{
    const int total = m_config.numTrainTimesteps;
    if (stepCount < 1 || stepCount > total)
        throw InvalidRequestError("steps", "must be between 1 and " + std::to_string(total) +
                                               " (num_train_timesteps of the scheduler), got " +
                                               std::to_string(stepCount));
    std::vector<std::int64_t> out;
    if (m_config.timestepSpacing == "linspace") {
        // numpy.linspace(0, total - 1, n).round(), reversed; round() is half-to-even like nearbyint.
        for (int i = stepCount - 1; i >= 0; --i) {
            double v = stepCount == 1 ? 0.0 : (i == stepCount - 1 ? total - 1.0 : i * ((total - 1.0) / (stepCount - 1)));
            out.push_back(static_cast<std::int64_t>(std::nearbyint(v)));
        }
    } else if (m_config.timestepSpacing == "leading") {
        const int ratio = total / stepCount;
        for (int i = stepCount - 1; i >= 0; --i)
            out.push_back(static_cast<std::int64_t>(i) * ratio + m_config.stepsOffset);
    } else { // trailing: numpy.round(numpy.arange(total, 0, -total / n)) - 1
        for (double v : numpyArange(total, 0, -static_cast<double>(total) / stepCount))
            out.push_back(static_cast<std::int64_t>(std::nearbyint(v)) - 1);
    }
    return out;
}

} // namespace framesmith
