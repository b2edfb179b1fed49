#include "models/opensora/sampling/OpenSoraRflowSampler.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "models/opensora/sampling/OpenSoraModelKwargs.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraRflowSampler::OpenSoraRflowSampler(const nlohmann::json& config, const std::string& origin)
{
    // Checked as written: 4294967298 must not wrap to 2 on the way to an int.
    const ConfigReader r(config, origin);
    r.integer("num_timesteps", m_settings.numTimesteps, 1, 100000);
    m_settings.useTimestepTransform = true;
    m_settings.useDiscreteTimesteps = false;
    r.flag("use_timestep_transform", m_settings.useTimestepTransform);
    r.flag("use_discrete_timesteps", m_settings.useDiscreteTimesteps);
}

void OpenSoraRflowSampler::setTimesteps(const ScheduleRequest& request)
{
    OpenSoraRflowSettings settings = m_settings;
    settings.steps = request.stepCount;
    const bool knowsClip = request.width > 0 && request.height > 0 && request.frameCount > 0;
    settings.useTimestepTransform = settings.useTimestepTransform && knowsClip;
    auto run = std::make_unique<OpenSoraRflowScheduler>(settings); // InvalidRequestError("steps")
    const OpenSoraModelKwargs kwargs = OpenSoraModelKwargs::make(1, std::max(request.height, 1), std::max(request.width, 1),
                                                                 std::max(request.frameCount, 1), 24, at::kFloat);
    run->start(kwargs, at::Tensor());
    if (run->firstInvalidStep() >= 0)
        throw InvalidRequestError("frameCount", "RFLOW's timestep transform is undefined for " +
                                                    std::to_string(request.frameCount) +
                                                    " frames: Open-Sora 1.2 takes 1 frame or 17 and more");
    m_run = std::move(run);
}

int OpenSoraRflowSampler::stepCount() const
{
    return m_run ? m_run->stepCount() : 0;
}

double OpenSoraRflowSampler::timestep(int index) const
{
    if (!m_run)
        throw Error(ErrorCode::Internal, "RFLOW: timestep() before setTimesteps()");
    return m_run->timestep(index)[0].item<double>();
}

SchedulerStep OpenSoraRflowSampler::step(int index, const at::Tensor& modelOutput, const at::Tensor& sample,
                                         NoiseSource& noise)
{
    if (!m_run)
        throw Error(ErrorCode::Internal, "RFLOW: step() before setTimesteps()");
    m_run->beginStep(index, sample.to(at::kFloat), noise); // no frame mask: nothing is drawn
    return SchedulerStep{m_run->endStep(index, modelOutput.to(at::kFloat)).to(sample.scalar_type()), at::Tensor()};
}

StepState OpenSoraRflowSampler::saveState() const
{
    return m_run ? m_run->saveState() : StepState{};
}

void OpenSoraRflowSampler::restoreState(const StepState& state)
{
    if (!m_run)
        throw Error(ErrorCode::Internal, "RFLOW: restoreState() before setTimesteps()");
    m_run->restoreState(state);
}

} // namespace framesmith
