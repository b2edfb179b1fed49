#pragma once
// Shared by the LoRA tests: the fixture files (tests/fixtures/lora, copied from shared/fixtures/lora)
// and the same LoRA rewritten in the other layouts users download. diffusers 0.36 has no other
// CogVideoX layout, so the ComfyUI (`diffusion_model.`, lora_down/lora_up/alpha) and kohya
// (`lora_unet_<underscored>`) files are made here from the diffusers ones, each module's alpha set
// to scale x rank so every layout means the same delta.
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "models/lora/LoraMetadata.h"
#include "support/TestPaths.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <string>

namespace framesmith::test {

inline std::string loraFixture(const std::string& relative)
{
    return fixturesDir() + "/lora/" + relative;
}

enum class LoraLayoutKind { Peft, Comfy, Kohya };

// `peftFile` (transformer.<module>.lora_A/B.weight, optional lora_adapter_metadata) as `kind` in `out`.
inline std::string relayoutLora(const std::string& peftFile, LoraLayoutKind kind, const std::string& out)
{
    if (kind == LoraLayoutKind::Peft)
        return peftFile;
    SafetensorsReader reader(peftFile);
    const LoraMetadata meta = LoraMetadata::read(reader.metadata(), peftFile);
    SafetensorsWriter writer;
    const std::string prefix = "transformer.", a = ".lora_A.weight", b = ".lora_B.weight";
    for (const TensorEntry& e : reader.entries()) {
        const bool isDown = e.name.size() > a.size() && e.name.compare(e.name.size() - a.size(), a.size(), a) == 0;
        const std::string module = e.name.substr(prefix.size(), e.name.size() - prefix.size() - a.size());
        std::string name = module;
        if (kind == LoraLayoutKind::Kohya) {
            std::replace(name.begin(), name.end(), '.', '_');
            name = "lora_unet_" + name;
        } else {
            name = "diffusion_model." + name;
        }
        at::Tensor t = reader.view(e.name).clone();
        writer.add(name + (isDown ? ".lora_down.weight" : ".lora_up.weight"), t);
        if (isDown) {
            const double scale = meta.hasAdapterConfig() ? meta.adapterScale(module, t.size(0)) : 1.0;
            writer.add(name + ".alpha", at::scalar_tensor(scale * static_cast<double>(t.size(0)), at::kFloat));
        }
    }
    writer.write(out);
    return out;
}

inline const char* layoutKindName(LoraLayoutKind kind)
{
    return kind == LoraLayoutKind::Peft ? "peft" : kind == LoraLayoutKind::Comfy ? "comfy" : "kohya";
}

} // namespace framesmith::test
