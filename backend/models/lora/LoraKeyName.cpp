#include "models/lora/LoraKeyName.h"

namespace framesmith {

namespace {

struct Suffix {
    const char* text;
    LoraKeyPart part;
};

// Longest first: ".lora_B.bias" before ".diff_b" before ".diff".
constexpr Suffix kSuffixes[] = {
    {".lora_down.weight", LoraKeyPart::Down}, {".lora_up.weight", LoraKeyPart::Up},
    {".lora_A.weight", LoraKeyPart::Down},    {".lora_B.weight", LoraKeyPart::Up},
    {".lora_B.bias", LoraKeyPart::UpBias},    {".diff_b", LoraKeyPart::DiffBias},
    {".alpha", LoraKeyPart::Alpha},           {".diff", LoraKeyPart::Diff},
};

bool endsWith(const std::string& s, const std::string& tail)
{
    return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool startsWith(const std::string& s, const std::string& head)
{
    return s.compare(0, head.size(), head) == 0;
}

// The layout and the module name without its prefix.
std::pair<LoraKeyLayout, std::string> splitPrefix(const std::string& module)
{
    if (startsWith(module, "diffusion_model."))
        return {LoraKeyLayout::Original, module.substr(16)};
    if (startsWith(module, "lora_unet_"))
        return {LoraKeyLayout::Underscored, module.substr(10)};
    if (startsWith(module, "base_model.model.")) // PEFT's own save_pretrained
        return {LoraKeyLayout::Diffusers, module.substr(17)};
    return {LoraKeyLayout::Diffusers, module}; // the "transformer." prefix is the resolver's (the family's)
}

} // namespace

std::optional<LoraKeyName> LoraKeyName::parse(const std::string& key)
{
    for (const Suffix& suffix : kSuffixes) {
        const std::string tail = suffix.text;
        if (!endsWith(key, tail))
            continue;
        auto [layout, module] = splitPrefix(key.substr(0, key.size() - tail.size()));
        return LoraKeyName{layout, module, suffix.part};
    }
    return std::nullopt;
}

bool LoraKeyName::isIgnored(const std::string& key)
{
    return startsWith(key, "lora_te") || startsWith(key, "text_encoder") || endsWith(key, ".dora_scale");
}

std::string LoraKeyName::notALoraMessage(std::int64_t tensorCount, const std::string& otherKey)
{
    return "is not a LoRA: none of its " + std::to_string(tensorCount) +
           " tensors is a LoRA weight (lora_A/lora_B, lora_down/lora_up, diff)" +
           (otherKey.empty() ? std::string()
                             : "; it looks like a full checkpoint ('" + otherKey + "'): pick the LoRA file, not a model");
}

} // namespace framesmith
