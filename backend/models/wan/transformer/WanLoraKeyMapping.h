#pragma once
// Wan's LoRA key mapping (2.1 and 2.2, every variant). The port's modules carry diffusers' names
// (`blocks.N.attn1.to_q`); ComfyUI / original-Wan LoRAs (`diffusion_model.blocks.N.self_attn.q`)
// and musubi-tuner / kohya ones (`lora_unet_blocks_N_self_attn_q`) carry the original checkpoint's,
// mapped back here as diffusers 0.36's `_convert_non_diffusers_wan_lora_to_diffusers` and
// `_convert_musubi_wan_lora_to_diffusers` map them forward: self_attn/cross_attn q,k,v,o ->
// attn1/attn2 to_q,to_k,to_v,to_out.0; ffn.0/ffn.2 -> ffn.net.0.proj/ffn.net.2; the I2V image
// keys cross_attn.k_img/v_img -> attn2.add_k_proj/add_v_proj; head.head -> proj_out; the embedders;
// and norm3 -> norm2 (the original swaps the names of the affine cross-attention norm and the bare
// one, which is what ComfyUI's norm diff keys patch).
//
// A two-expert model (Wan 2.2 A14B: transformer = high noise, transformer_2 = low noise) has the
// same module names in both experts, so one mapping serves both: a LoRA without @high/@low (a
// Wan 2.1 LoRA, what ComfyUI users put on both) applies to each expert's `blocks.N`, one with
// @high or @low to that expert only (lorasFor: what the pipeline hands the shared LoraLibrary for
// each expert it takes up, with that expert's folder). Stateless; any thread.
#include "framesmith/LoraSpec.h"
#include "models/lora/LoraKeyMapping.h"

#include <string>
#include <vector>

namespace framesmith {

class WanLoraKeyMapping : public LoraKeyMapping {
public:
    // The model folder's transformer/ (the high-noise expert of an A14B model: both experts have
    // the same shapes), or the folder itself when it is a transformer folder.
    std::string targetWeights(const std::string& modelDir) const override;
    std::string originalName(const std::string& portModule) const override;
    std::string exampleModules() const override;
    bool choosesExperts(const std::string& modelDir) const override { return hasTwoExperts(modelDir); }

    // The component folder of an expert: "high" -> transformer, "low" -> transformer_2.
    // Throws InvalidRequestError("--lora") for anything else.
    static std::string expertComponent(const std::string& expert);
    // Whether a LoRA given for `expert` ("" = every expert, "high", "low") goes on `component`
    // (transformer or transformer_2).
    static bool takesLora(const std::string& component, const std::string& expert);
    // Whether the variant folder `modelDir` holds two experts (transformer_2/ beside transformer/).
    static bool hasTwoExperts(const std::string& modelDir);
    // The LoRAs of `specs` that go on `component` of the model in `modelDir`, their expert choice
    // dropped once made (the shared LoraLibrary knows one transformer). Throws
    // InvalidRequestError("--lora") for @high/@low on a model of one transformer.
    static std::vector<LoraSpec> lorasFor(const std::vector<LoraSpec>& specs, const std::string& modelDir,
                                          const std::string& component);
};

} // namespace framesmith
