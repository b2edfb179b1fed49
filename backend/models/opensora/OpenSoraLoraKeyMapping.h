#pragma once
// Open-Sora 1.2's LoRA key mapping. The port keeps STDiT3's original module names
// (`spatial_blocks.N.attn.qkv`, `temporal_blocks.N.mlp.fc1`, ...), the names LoRAs trained on
// Open-Sora's own code (PEFT's `base_model.model.` keys) or converted for ComfyUI carry, so every
// module's original name is its own. diffusers has no Open-Sora LoRA loader.
#include "models/lora/LoraKeyMapping.h"

namespace framesmith {

class OpenSoraLoraKeyMapping : public LoraKeyMapping {
public:
    std::string targetWeights(const std::string& modelDir) const override;
    std::string exampleModules() const override;
};

} // namespace framesmith
