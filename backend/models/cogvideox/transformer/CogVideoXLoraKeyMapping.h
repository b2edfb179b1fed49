#pragma once
// CogVideoX's LoRA key mapping. The port's modules carry diffusers' names, and so do the LoRAs
// users have (diffusers 0.36's CogVideoXLoraLoaderMixin has no converter for another layout:
// kijai's ComfyUI wrapper and the SAT-trained LoRAs converted for it use `transformer_blocks.N.*`
// too), so the original name of every module is its own; ComfyUI (`diffusion_model.`) and kohya
// (`lora_unet_`) files written with those names map through the shared code unchanged.
#include "models/lora/LoraKeyMapping.h"

namespace framesmith {

class CogVideoXLoraKeyMapping : public LoraKeyMapping {
public:
    std::string targetWeights(const std::string& modelDir) const override;
    std::string exampleModules() const override;
};

} // namespace framesmith
