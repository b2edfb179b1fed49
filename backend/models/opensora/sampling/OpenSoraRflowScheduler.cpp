#include "models/opensora/sampling/OpenSoraRflowScheduler.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

namespace {

at::Tensor perSample(const at::Tensor& values, const at::Tensor& like) // [B] -> [B, 1, 1, 1, 1] on like's device
{
    return values.to(like.device()).view({values.size(0), 1, 1, 1, 1});
}

at::Tensor perFrame(const at::Tensor& mask, const at::Tensor& like) // [B, T] -> [B, 1, T, 1, 1]
{
    return mask.to(like.device()).view({mask.size(0), 1, mask.size(1), 1, 1});
}

} // namespace

OpenSoraRflowScheduler::OpenSoraRflowScheduler(OpenSoraRflowSettings settings) : m_settings(settings)
{
    if (m_settings.steps < 1 || m_settings.steps > 1000)
        throw InvalidRequestError("steps", "RFLOW takes 1 to 1000 steps, got " + std::to_string(m_settings.steps));
    if (m_settings.numTimesteps < 1 || m_settings.numTimesteps > 100000)
        throw InvalidRequestError("num_timesteps", "expected 1 to 100000, got " + std::to_string(m_settings.numTimesteps));
}

at::Tensor OpenSoraRflowScheduler::timestepTransform(const at::Tensor& tIn, const OpenSoraModelKwargs& kwargs,
                                                     int numTimesteps)
{
    // "Force fp16 input to fp32 to avoid nan output": only float16 is promoted; bf16 stays bf16.
    auto promoted = [](const at::Tensor& v) { return v.scalar_type() == at::kHalf ? v.to(at::kFloat) : v; };
    const at::Tensor height = promoted(kwargs.height), width = promoted(kwargs.width);
    const at::Tensor frames = promoted(kwargs.numFrames);
    const at::Tensor t = tIn.div(numTimesteps);
    const at::Tensor ratioSpace = (height * width).div(512 * 512).sqrt();
    // The temporal reduction 17 -> 5 of the VAE is hard-coded in the reference; 2..16 frames give 0.
    const at::Tensor latentFrames = frames.reshape({-1})[0].item<double>() == 1 ? at::ones_like(frames)
                                                                                : at::floor_divide(frames, 17).mul(5);
    const at::Tensor ratioTime = latentFrames.div(1).sqrt();
    const at::Tensor ratio = ratioSpace.mul(ratioTime).mul(1.0);
    const at::Tensor moved = ratio.mul(t).div(ratio.sub(1).mul(t).add(1)); // ratio·t / (1 + (ratio − 1)·t)
    return moved.mul(numTimesteps);
}

at::Tensor OpenSoraRflowScheduler::addNoise(const at::Tensor& x0, const at::Tensor& noise, const at::Tensor& t,
                                            int numTimesteps)
{
    // timepoints = 1 − t.float()/N; timepoints·x0 + (1 − timepoints)·noise
    const at::Tensor timepoints = perSample(at::rsub(t.to(at::kFloat).div(numTimesteps), 1), x0);
    return timepoints * x0 + at::rsub(timepoints, 1) * noise;
}

void OpenSoraRflowScheduler::start(const OpenSoraModelKwargs& kwargs, const at::Tensor& frameMask)
{
    const std::int64_t batch = kwargs.height.size(0);
    const int n = m_settings.steps;
    m_timesteps.clear();
    for (int i = 0; i < n; ++i) {
        // Python floats, then torch.tensor([t] * B): float32.
        double t = (1.0 - static_cast<double>(i) / n) * m_settings.numTimesteps;
        if (m_settings.useDiscreteTimesteps)
            t = std::nearbyint(t); // int(round(t)): halves to even
        at::Tensor step = at::full({batch}, t, at::kFloat);
        if (m_settings.useTimestepTransform)
            step = timestepTransform(step, kwargs, m_settings.numTimesteps);
        m_timesteps.push_back(step.to(at::kFloat));
    }
    m_frameMask = frameMask.defined() ? frameMask.to(at::kCPU, at::kFloat) : at::Tensor();
    // noise_added = zeros_like(mask, bool) | (mask == 1)
    m_noiseAdded = m_frameMask.defined() ? m_frameMask.eq(1) : at::Tensor();
    m_stepInput = m_upper = m_z = at::Tensor();
}

int OpenSoraRflowScheduler::firstInvalidStep() const
{
    for (std::size_t i = 0; i < m_timesteps.size(); ++i)
        if (!at::isfinite(m_timesteps[i]).all().item<bool>())
            return static_cast<int>(i);
    return -1;
}

OpenSoraRflowScheduler::ModelInput OpenSoraRflowScheduler::beginStep(int index, const at::Tensor& z, NoiseSource& noise)
{
    const at::Tensor& t = timestep(index);
    m_z = z;
    if (!m_frameMask.defined())
        return ModelInput{z, {}, {}};
    m_stepInput = z.clone();
    at::Tensor drawn = noise.draw(z.sizes().vec(), z, "step " + std::to_string(index) + " frame-mask noise");
    at::Tensor noised = addNoise(m_stepInput, drawn, t, m_settings.numTimesteps);
    // mask_t = mask·N ≥ t, compared in float32: a first t of 1000.0001 leaves every frame out.
    m_upper = m_frameMask.mul(m_settings.numTimesteps).ge(t.unsqueeze(1));
    const at::Tensor renoise = m_upper.logical_and(m_noiseAdded.logical_not());
    m_z = at::where(perFrame(renoise, z), noised, m_stepInput);
    m_noiseAdded = m_upper;
    return ModelInput{m_z, m_upper, drawn};
}

at::Tensor OpenSoraRflowScheduler::guidedVelocity(const at::Tensor& modelOutput, double guidanceScale) const
{
    if (modelOutput.dim() < 2 || modelOutput.size(0) % 2 != 0)
        throw ShapeError("RFLOW guidance: expected a model output [2B, C, ...] ([cond, uncond]), got " +
                         std::string(c10::str(modelOutput.sizes())));
    const std::int64_t half = modelOutput.size(0) / 2;
    const at::Tensor pred = modelOutput.narrow(1, 0, (modelOutput.size(1) + 1) / 2); // .chunk(2, dim=1)[0]
    const at::Tensor cond = pred.narrow(0, 0, half), uncond = pred.narrow(0, half, half);
    return uncond + (cond - uncond).mul(guidanceScale);
}

at::Tensor OpenSoraRflowScheduler::endStep(int index, const at::Tensor& velocity)
{
    if (!m_z.defined())
        throw Error(ErrorCode::Internal, "RFLOW: endStep without beginStep");
    const at::Tensor& t = timestep(index);
    // dt = t_i − t_{i+1}, the last step t_i itself; then / N.
    const at::Tensor dt = (index + 1 < stepCount() ? t - timestep(index + 1) : t).div(m_settings.numTimesteps);
    at::Tensor z = m_z + velocity * perSample(dt, velocity);
    if (m_frameMask.defined())
        z = at::where(perFrame(m_upper, z), z, m_stepInput);
    m_z = m_stepInput = m_upper = at::Tensor();
    return z;
}

StepState OpenSoraRflowScheduler::saveState() const
{
    if (!m_noiseAdded.defined())
        return {};
    return {{"noise_added", m_noiseAdded}};
}

void OpenSoraRflowScheduler::restoreState(const StepState& state)
{
    const std::string origin = "rflow scheduler state";
    for (const auto& entry : state)
        if (entry.first != "noise_added")
            throw FileError(ErrorCode::BadFile, origin, "has \"" + entry.first + "\", which RFLOW does not keep");
    auto it = state.find("noise_added");
    if (!m_noiseAdded.defined()) {
        if (it != state.end())
            throw FileError(ErrorCode::BadFile, origin, "has \"noise_added\" but this run has no frame mask");
        return;
    }
    if (it == state.end() || it->second.scalar_type() != at::kBool || it->second.sizes() != m_noiseAdded.sizes())
        throw FileError(ErrorCode::BadFile, origin,
                        "\"noise_added\" must be a bool tensor of shape " + std::string(c10::str(m_noiseAdded.sizes())));
    m_noiseAdded = it->second.to(m_noiseAdded.device());
}

} // namespace framesmith
