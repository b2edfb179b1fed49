#pragma once
// What a model family tells the shared LoRA code (models/lora/) about its denoiser: where its
// weights are (checked against a LoRA's modules and shapes before any weight loads) and how the
// original checkpoint names the port's modules. ComfyUI's `diffusion_model.*` keys and kohya's
// `lora_unet_*` names are written in the original names; diffusers/PEFT keys in the port's (the
// port's children are named like diffusers' state dict). A family adds LoRA support by
// implementing this in its folder (ModelFamily::loraKeyMapping); nothing else names the family.
// Stateless; any thread.
#include <string>
#include <vector>

namespace framesmith {

class LoraKeyMapping {
public:
    virtual ~LoraKeyMapping() = default;

    // The denoiser's weights of the model in `modelDir` (a .safetensors file, an index or a
    // folder, as WeightSource::open takes). Throws FileError when they are not there.
    virtual std::string targetWeights(const std::string& modelDir) const = 0;
    // The original checkpoint's name of a port module (e.g. "blocks.0.attn1.to_q" -> "blocks.0.self_attn.q",
    // as diffusers' converters map them back); the port's own name when they agree.
    virtual std::string originalName(const std::string& portModule) const { return portModule; }
    // The key prefix diffusers' save_lora_weights writes before the port's module names.
    virtual std::string diffusersPrefix() const { return "transformer."; }
    // A few of the module names it would match, for the message that says a LoRA fits nothing.
    virtual std::string exampleModules() const = 0;
    // Whether the model in `modelDir` has denoiser experts a LoRA may be given for alone
    // (`FILE@high`, `FILE@low`); the family's pipeline then hands each expert its own.
    virtual bool choosesExperts(const std::string& /*modelDir*/) const { return false; }
};

} // namespace framesmith
