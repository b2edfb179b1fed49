#include "models/wan/pipeline/WanDenoiser.h"

#include "framesmith/Error.h"
#include "models/wan/sampling/WanTokenTimesteps.h"

#include <ATen/ATen.h>

namespace framesmith {

WanDenoiser::WanDenoiser(std::unique_ptr<Scheduler> scheduler, WanExpertSwitch expertSwitch, WanExperts& experts,
                         c10::ScalarType dtype, WanDenoiserInputs inputs)
    : m_scheduler(std::move(scheduler)),
      m_switch(expertSwitch),
      m_experts(experts),
      m_dtype(dtype),
      m_inputs(std::move(inputs))
{
}

at::Tensor WanDenoiser::modelInput() const
{
    const at::Tensor& latents = m_inputs.latents;
    if (m_inputs.firstFrame.isDefined())
        return m_inputs.firstFrame.apply(latents);
    if (m_inputs.channelCondition.defined()) // noise + mask + condition latents: 16 + 4 + 16 channels
        return at::cat({latents, m_inputs.channelCondition.to(latents.device(), latents.scalar_type())}, 1);
    return latents;
}

at::Tensor WanDenoiser::timestepInput(double t) const
{
    const at::Tensor& latents = m_inputs.latents;
    if (m_inputs.expandTimesteps) {
        // mask = ones (text-to-video) or first_frame_mask: [1, seq] float32
        const at::Tensor mask = m_inputs.firstFrame.isDefined()
                                    ? m_inputs.firstFrame.mask
                                    : at::ones({1, 1, latents.size(2), latents.size(3), latents.size(4)}, at::kFloat);
        return WanTokenTimesteps::expand(mask, t, latents.size(0)).to(latents.device());
    }
    // t.expand(B): UniPC's timesteps are int64, FlowMatchEuler's float32
    const bool isInteger = m_scheduler->name() == "unipc";
    return at::full({latents.size(0)}, t, at::TensorOptions().dtype(isInteger ? at::kLong : at::kFloat))
        .to(latents.device());
}

WanStepRecord WanDenoiser::step(int index, NoiseSource& noise)
{
    WanStepRecord r;
    r.index = index;
    r.timestep = timestep(index);
    r.expert = m_switch.expertFor(r.timestep);
    r.guidanceScale = m_switch.guidanceFor(r.timestep);
    WanTransformer3DModel& model = m_experts.activate(r.expert);
    model.setStepCache(m_stepCache);
    r.modelInput = modelInput();
    r.timestepInput = timestepInput(r.timestep);
    WanTransformerInputs in;
    in.hiddenStates = r.modelInput.to(m_dtype);
    in.timestep = r.timestepInput;
    in.encoderHiddenStates = m_inputs.promptEmbeds;
    in.encoderHiddenStatesImage = m_inputs.imageEmbeds;
    // Branches per expert: a residual one expert left is never added to the other's blocks.
    in.cacheBranch = 2 * r.expert;
    r.noisePredCond = model.forward(in).to(at::kFloat);
    r.noisePred = r.noisePredCond;
    if (m_inputs.negativePromptEmbeds.defined()) {
        // CFG swaps only the text; the condition channels and image rows stay as they are.
        in.encoderHiddenStates = m_inputs.negativePromptEmbeds;
        in.cacheBranch = 2 * r.expert + 1;
        r.noisePredUncond = model.forward(in).to(at::kFloat);
        r.noisePred = r.noisePredUncond + r.guidanceScale * (r.noisePredCond - r.noisePredUncond);
    }
    const at::Tensor& latents = m_inputs.latents;
    m_inputs.latents = m_scheduler->step(index, r.noisePred.to(latents.device()), latents, noise).prevSample;
    r.latents = m_inputs.latents;
    // After the loop the reference writes the condition over frame 0 before decoding.
    if (m_inputs.firstFrame.isDefined() && index == stepCount() - 1)
        m_inputs.latents = m_inputs.firstFrame.apply(m_inputs.latents);
    return r;
}

at::Tensor WanDenoiser::finalLatents() const
{
    return m_inputs.firstFrame.isDefined() ? m_inputs.firstFrame.apply(m_inputs.latents) : m_inputs.latents;
}

void WanDenoiser::restore(const at::Tensor& latents, const StepState& state)
{
    if (latents.sizes() != m_inputs.latents.sizes())
        throw ShapeError("paused Wan latents: expected " + std::string(c10::str(m_inputs.latents.sizes())) +
                         " ([1, C, F, h, w]) for this request, got " + std::string(c10::str(latents.sizes())));
    m_scheduler->restoreState(state);
    m_inputs.latents = latents.to(m_inputs.latents.device(), m_inputs.latents.scalar_type()).contiguous();
}

} // namespace framesmith
