#pragma once
// Runs the transformer on the guidance batch [unconditional, conditional] where the placement
// says: as one batch on the transformer's compute device, or, when it splits guidance
// (cfg-parallel), as two batch-1 forwards, the unconditional half on its own device with its own
// copy of the transformer (the same module when both logical devices are one physical device).
// The worker thread only.
#include "models/VideoPipeline.h"
#include "models/cogvideox/transformer/CogVideoXRotaryEmbedding.h"
#include "models/lora/LoraApplier.h"

#include <ATen/core/Tensor.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class CogVideoXTransformer3D;
class StepCache;

class CogVideoXGuidedForward {
public:
    CogVideoXGuidedForward(std::string modelDir, PipelineResources resources);
    ~CogVideoXGuidedForward();

    // input [B*cfg, F, C, h, w], prompts [B*cfg, T, D], timesteps [B*cfg] -> [B*cfg, F, C_out, h, w]
    // on PipelineResources::device.
    at::Tensor forward(CogVideoXTransformer3D& transformer, const at::Tensor& input, const at::Tensor& prompts,
                       const at::Tensor& timesteps, const RotaryEmbedding* rope, const std::optional<at::Tensor>& ofs);
    // The step cache of the next forwards (nullptr: none); batch row 0 is branch 0 (unconditional).
    void setStepCache(StepCache* cache) { m_stepCache = cache; }
    // The LoRAs the transformer carries: the unconditional half's copy takes them as it loads, and
    // a kept copy trades only what changed (a new strength reloads nothing).
    void setLoras(std::vector<WeightedLora> loras, LoraMode mode);

private:
    // The forward on `device`, unchecked (CogVideoXTransformer3D::forwardUnchecked).
    at::Tensor launchOn(CogVideoXTransformer3D& transformer, c10::Device device, const at::Tensor& input,
                        const at::Tensor& prompts, const at::Tensor& timesteps, const RotaryEmbedding* rope,
                        const std::optional<at::Tensor>& ofs) const;
    at::Tensor splitForward(CogVideoXTransformer3D& transformer, const at::Tensor& input, const at::Tensor& prompts,
                            const at::Tensor& timesteps, const RotaryEmbedding* rope,
                            const std::optional<at::Tensor>& ofs);
    CogVideoXTransformer3D& replica(); // loaded on first use, placed by the placement
    void applyReplicaLoras();

    std::string m_modelDir;
    PipelineResources m_resources;
    std::shared_ptr<CogVideoXTransformer3D> m_replica; // the unconditional half's copy on another GPU
    StepCache* m_stepCache = nullptr;
    std::vector<WeightedLora> m_loras;
    LoraMode m_loraMode = LoraMode::Merge;
    LoraApplier m_replicaLoras; // what m_loras did to m_replica
};

} // namespace framesmith
