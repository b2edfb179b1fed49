#pragma once
// The metadata a LoRA file carries in its safetensors header: diffusers' `lora_adapter_metadata`
// (PEFT's LoraConfig: r, lora_alpha, rank_pattern, alpha_pattern), which sets the scale of every
// module, and kohya/musubi's `ss_*` training notes shown to the user (base model, network
// dim/alpha, trigger words from ss_tag_frequency). Never executed, only parsed (through JsonGuard's
// limits on nesting). Any thread.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace framesmith {

struct LoraMetadata {
    // diffusers / PEFT (`transformer.`-prefixed keys of lora_adapter_metadata)
    std::optional<double> loraAlpha;
    std::optional<std::int64_t> rank;
    std::map<std::string, double> alphaPattern;       // module name (or its tail) -> alpha
    std::map<std::string, std::int64_t> rankPattern;  // module name (or its tail) -> r
    // kohya / musubi-tuner
    std::string baseModel;      // ss_base_model_version
    std::string networkModule;  // ss_network_module
    std::string networkDim;     // ss_network_dim
    std::string networkAlpha;   // ss_network_alpha
    std::string title;          // modelspec.title or ss_output_name
    std::vector<std::pair<std::string, std::int64_t>> triggerWords; // ss_tag_frequency, most used first

    // Throws FileError (BadFile) naming `path` when lora_adapter_metadata is not valid JSON.
    static LoraMetadata read(const std::map<std::string, std::string>& header, const std::string& path);
    bool hasAdapterConfig() const { return loraAlpha.has_value() || rank.has_value(); }
    // PEFT's lora_alpha / r for `module` (patterns matched against its end at a '.' boundary);
    // `tensorRank` stands in for a missing r.
    double adapterScale(const std::string& module, std::int64_t tensorRank) const;
};

} // namespace framesmith
