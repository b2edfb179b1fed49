#include "models/opensora/sampling/OpenSoraDenoiser.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

std::string shapeOf(const at::Tensor& t) { return t.defined() ? std::string(c10::str(t.sizes())) : "nothing"; }

} // namespace

OpenSoraDenoiser::OpenSoraDenoiser(std::shared_ptr<const STDiT3> model, OpenSoraRflowSettings settings)
    : m_model(std::move(model)), m_scheduler(settings)
{
}

void OpenSoraDenoiser::checkTimesteps(const OpenSoraRflowScheduler& scheduler, int frameCount)
{
    const int bad = scheduler.firstInvalidStep();
    if (bad < 0)
        return;
    throw InvalidRequestError(
        "frameCount", std::to_string(frameCount) + " frames: Open-Sora 1.2 scales its timesteps by sqrt(floor(frames / 17) * 5), "
                      "which is 0 for 2 to 16 frames and leaves timestep " + std::to_string(bad) +
                      " undefined (NaN); use 1 frame (an image) or 17 frames or more");
}

void OpenSoraDenoiser::start(const at::Tensor& y, const at::Tensor& mask, const OpenSoraModelKwargs& kwargs,
                             const at::Tensor& initialLatents, int frameCount, const at::Tensor& frameMask)
{
    const STDiT3Config& c = m_model->config();
    if (initialLatents.dim() != 5 || initialLatents.size(1) != c.inChannels)
        throw ShapeError("initial latents: expected [B, " + std::to_string(c.inChannels) + ", T, h, w], got " +
                         shapeOf(initialLatents));
    const std::int64_t B = initialLatents.size(0), T = initialLatents.size(2);
    // cat([y, y_null]) needs the prompt rows to match the null caption's model_max_length rows.
    if (y.dim() != 4 || y.size(0) != B || y.size(2) != c.modelMaxLength || y.size(3) != c.captionChannels)
        throw ShapeError("text embedding y: expected [" + std::to_string(B) + ", 1, " + std::to_string(c.modelMaxLength) +
                         ", " + std::to_string(c.captionChannels) + "], got " + shapeOf(y));
    if (mask.dim() != 2 || mask.size(0) != B || mask.size(1) != y.size(2))
        throw ShapeError("text mask: expected [" + std::to_string(B) + ", " + std::to_string(y.size(2)) + "], got " +
                         shapeOf(mask));
    if (c.outChannels() != 2 * c.inChannels) // RFLOW takes .chunk(2, dim=1)[0] as the velocity
        throw Error(ErrorCode::UnsupportedModel, "STDiT3 with pred_sigma false: RFLOW needs 2 x in_channels outputs");
    if (frameMask.defined() && (frameMask.dim() != 2 || frameMask.size(0) != B || frameMask.size(1) != T))
        throw ShapeError("frame mask: expected [" + std::to_string(B) + ", " + std::to_string(T) + "], got " +
                         shapeOf(frameMask));
    m_kwargs = kwargs;
    // apply_mask_strategy returns ones [B, T] for a plain prompt, so the frame-mask branch always runs.
    m_scheduler.start(kwargs, frameMask.defined() ? frameMask : at::ones({B, T}, at::kFloat));
    checkTimesteps(m_scheduler, frameCount);
    m_y = at::cat({y.to(at::kFloat), m_model->nullCaption(B).to(y.device(), at::kFloat)});
    m_mask = mask;
    m_latents = initialLatents.to(at::kFloat);
}

double OpenSoraDenoiser::timestep(int index) const
{
    return m_scheduler.timestep(index)[0].item<double>();
}

OpenSoraStepRecord OpenSoraDenoiser::step(int index, NoiseSource& noise)
{
    if (!m_latents.defined())
        throw Error(ErrorCode::Internal, "OpenSoraDenoiser: step before start");
    OpenSoraRflowScheduler::ModelInput input = m_scheduler.beginStep(index, m_latents, noise);
    OpenSoraStepRecord r;
    r.index = index;
    r.maskNoise = input.maskNoise;
    r.x = at::cat({input.z, input.z}); // [cond, uncond]
    const at::Tensor& t = m_scheduler.timestep(index);
    r.timestep = at::cat({t, t});
    r.xMask = input.xMask.repeat({2, 1});
    STDiT3Inputs in{r.x, r.timestep, m_y, m_mask, r.xMask, m_kwargs.fps, m_kwargs.height, m_kwargs.width};
    in.stepCache = m_stepCache;
    try {
        r.modelOutput = m_model->forward(in);
    } catch (const NumericalError& e) {
        throw NumericalError("denoising step " + std::to_string(index + 1) + " of " + std::to_string(stepCount()) +
                             ": " + e.what());
    }
    at::Tensor velocity = m_scheduler.guidedVelocity(r.modelOutput, m_scheduler.settings().cfgScale);
    m_latents = m_scheduler.endStep(index, velocity);
    r.latents = m_latents;
    return r;
}

void OpenSoraDenoiser::restore(const at::Tensor& latents, const StepState& state)
{
    if (!m_latents.defined())
        throw Error(ErrorCode::Internal, "opensora denoiser: restore before start");
    if (latents.sizes() != m_latents.sizes())
        throw ShapeError("paused latents: expected " + std::string(c10::str(m_latents.sizes())) + " for this request, got " +
                         std::string(c10::str(latents.sizes())));
    m_scheduler.restoreState(state);
    m_latents = latents.to(m_latents.device(), m_latents.scalar_type()).contiguous();
}

} // namespace framesmith
