#pragma once
// One LoRA file as users download it, read and checked on its own (before any model weight loads):
// diffusers/PEFT keys (`transformer.<module>.lora_A.weight` / `lora_B.weight`, scales from
// `lora_adapter_metadata`), ComfyUI/original keys (`diffusion_model.<module>.lora_down.weight` /
// `lora_up.weight` / `.alpha`, also with lora_A/lora_B as ai-toolkit writes them) and kohya/musubi
// underscore names (`lora_unet_<module_with_underscores>.*`), plus ComfyUI's full deltas
// (`.diff`, `.diff_b`). Modules keep the file's names here; LoraResolver maps them onto a model.
// Throws FileError (BadFile) for a file that is no LoRA (a full checkpoint), a rank mismatch
// between up and down, NaN/Inf, or an absurd rank. Any thread.
#include "models/lora/LoraKeyName.h"
#include "models/lora/LoraMetadata.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct LoraModuleTensors {
    LoraKeyLayout layout = LoraKeyLayout::Invalid;
    std::string name;      // the module as the file names it, prefix stripped ("blocks_0_self_attn_q")
    std::string firstKey;  // one of its keys in full, for messages
    at::Tensor down;       // A [rank, in] in the file's float type, or undefined (a full delta only)
    at::Tensor up;         // B [out, rank]
    at::Tensor upBias;     // lora_B.bias [out] (PEFT lora_bias), scaled like B
    at::Tensor alpha;      // 0-dim, or undefined
    at::Tensor diff;       // full weight delta [out, in] (or a norm's [dim])
    at::Tensor diffBias;   // full bias delta [out]
    std::int64_t rank() const { return down.defined() ? down.size(0) : 0; }
};

class LoraFile {
public:
    static constexpr std::int64_t kMaxRank = 4096; // beyond any published LoRA; a bigger one is a mistake

    explicit LoraFile(const std::string& path);

    const std::string& path() const { return m_path; }
    const std::vector<LoraModuleTensors>& modules() const { return m_modules; }
    const LoraMetadata& metadata() const { return m_metadata; }
    // Keys of kinds Framesmith does not apply (DoRA's dora_scale, text-encoder lora_te_*).
    const std::vector<std::string>& ignoredKeys() const { return m_ignored; }
    std::int64_t tensorCount() const { return m_tensorCount; }
    std::uint64_t fileBytes() const { return m_fileBytes; }
    LoraKeyLayout layout() const; // of its first module
    static const char* layoutName(LoraKeyLayout layout); // "diffusers", "comfyui", "kohya"

private:
    void addKey(const LoraKeyName& key, const std::string& fullKey, const at::Tensor& tensor);
    void check() const;

    std::string m_path;
    std::vector<LoraModuleTensors> m_modules;
    LoraMetadata m_metadata;
    std::vector<std::string> m_ignored;
    std::int64_t m_tensorCount = 0;
    std::uint64_t m_fileBytes = 0;
};

} // namespace framesmith
