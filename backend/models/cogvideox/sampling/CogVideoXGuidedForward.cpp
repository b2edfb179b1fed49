#include "models/cogvideox/sampling/CogVideoXGuidedForward.h"

#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXGuidedForward::CogVideoXGuidedForward(std::string modelDir, PipelineResources resources)
    : m_modelDir(std::move(modelDir)), m_resources(resources)
{
}

CogVideoXGuidedForward::~CogVideoXGuidedForward() = default;

at::Tensor CogVideoXGuidedForward::launchOn(CogVideoXTransformer3D& transformer, c10::Device device,
                                            const at::Tensor& input, const at::Tensor& prompts,
                                            const at::Tensor& timesteps, const RotaryEmbedding* rope,
                                            const std::optional<at::Tensor>& ofs) const
{
    std::optional<RotaryEmbedding> ropeHere;
    if (rope)
        ropeHere = *rope;
    std::optional<at::Tensor> ofsHere = ofs;
    if (ofsHere)
        ofsHere = ofsHere->to(device);
    return transformer.forwardUnchecked(input.to(device), prompts.to(device), timesteps.to(device), ropeHere, ofsHere);
}

at::Tensor CogVideoXGuidedForward::forward(CogVideoXTransformer3D& transformer, const at::Tensor& input,
                                           const at::Tensor& prompts, const at::Tensor& timesteps,
                                           const RotaryEmbedding* rope, const std::optional<at::Tensor>& ofs)
{
    ComponentPlacement* placement = m_resources.placement;
    if (placement && input.size(0) == 2 && !placement->cfgUnconditionalDevice().empty())
        return splitForward(transformer, input, prompts, timesteps, rope, ofs);
    const c10::Device device = placement ? placement->computeDevice("transformer") : m_resources.device;
    transformer.setStepCache(m_stepCache, 0);
    at::Tensor output = launchOn(transformer, device, input, prompts, timesteps, rope, ofs);
    transformer.checkFinite(output, timesteps);
    return output.to(m_resources.device);
}

CogVideoXTransformer3D& CogVideoXGuidedForward::replica()
{
    if (m_replica)
        return *m_replica;
    ComponentPlacement& placement = *m_resources.placement;
    m_replica = CogVideoXTransformer3D::load(m_modelDir + "/transformer", m_resources.dtype, placement.replicaLoadDevice());
    m_replica->setCancelToken(m_resources.cancel);
    m_replicaLoras = LoraApplier();
    applyReplicaLoras(); // before attaching: the copy's blocks may then be narrowed to fp8/int8
    std::vector<Module*> blocks;
    for (std::size_t i = 0; i < m_replica->transformerBlocks().size(); ++i)
        blocks.push_back(&m_replica->transformerBlocks()[i]);
    placement.attachReplica(*m_replica, blocks, {"transformer_blocks."});
    m_replica->setBlockCallback(placement.replicaBlockCallback());
    return *m_replica;
}

void CogVideoXGuidedForward::setLoras(std::vector<WeightedLora> loras, LoraMode mode)
{
    m_loras = std::move(loras);
    m_loraMode = mode;
    if (m_replica)
        applyReplicaLoras();
}

void CogVideoXGuidedForward::applyReplicaLoras()
{
    const ComponentPlacement& placement = *m_resources.placement;
    m_replicaLoras.apply(*m_replica, m_loras, m_loraMode, placement.physicalDevice(placement.cfgUnconditionalDevice()),
                         m_resources.dtype);
}

// diffusers runs guidance as one batch of two; each row of the batch is computed independently,
// so the halves give the same result (to rounding) as two batch-1 forwards.
at::Tensor CogVideoXGuidedForward::splitForward(CogVideoXTransformer3D& transformer, const at::Tensor& input,
                                                const at::Tensor& prompts, const at::Tensor& timesteps,
                                                const RotaryEmbedding* rope, const std::optional<at::Tensor>& ofs)
{
    ComponentPlacement& placement = *m_resources.placement;
    const std::string conditional = placement.logicalComputeDevice("transformer");
    const std::string unconditional = placement.cfgUnconditionalDevice();
    const c10::Device conditionalDevice = placement.physicalDevice(conditional);
    const c10::Device unconditionalDevice = placement.physicalDevice(unconditional);
    // Logical devices: two logical GPUs on one physical GPU (a benchmark's stand-in) still hold two copies,
    // as the plan and its ledger count them.
    CogVideoXTransformer3D& other = unconditional == conditional ? transformer : replica();
    other.setStepCache(m_stepCache, 0); // each half is its own cache branch, as in one batch
    // Batch row 0 is the negative prompt (torch.cat([negative_prompt_embeds, prompt_embeds])).
    // Both halves are launched before either is checked (a check waits for its device): on two GPUs
    // the unconditional half's kernels run while the conditional half's are queued.
    at::Tensor uncond = launchOn(other, unconditionalDevice, input.narrow(0, 0, 1), prompts.narrow(0, 0, 1),
                                 timesteps.narrow(0, 0, 1), rope, ofs); // [1, F, C_out, h, w]
    placement.noteForward("unconditional", unconditional);
    transformer.setStepCache(m_stepCache, 1);
    at::Tensor cond = launchOn(transformer, conditionalDevice, input.narrow(0, 1, 1), prompts.narrow(0, 1, 1),
                               timesteps.narrow(0, 1, 1), rope, ofs);
    placement.noteForward("conditional", conditional);
    other.checkFinite(uncond, timesteps.narrow(0, 0, 1));
    transformer.checkFinite(cond, timesteps.narrow(0, 1, 1));
    return at::cat({uncond.to(m_resources.device), cond.to(m_resources.device)}, 0); // [2, F, C_out, h, w]
}

} // namespace framesmith
