#include "models/lora/LoraMetadata.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace framesmith {

namespace {

constexpr int kMaxDepth = 8;
constexpr std::size_t kTriggerWords = 12;

std::string valueOf(const std::map<std::string, std::string>& header, const char* key)
{
    auto it = header.find(key);
    return it == header.end() ? std::string() : it->second;
}

// PEFT's get_pattern_key: a pattern matches the module's end at a '.' boundary ("^x": x exactly).
bool patternMatches(const std::string& pattern, const std::string& module)
{
    if (!pattern.empty() && pattern.front() == '^')
        return module == pattern.substr(1);
    if (module == pattern)
        return true;
    return module.size() > pattern.size() && module.compare(module.size() - pattern.size(), pattern.size(), pattern) == 0 &&
           module[module.size() - pattern.size() - 1] == '.';
}

template <class T>
std::optional<T> patternValue(const std::map<std::string, T>& patterns, const std::string& module)
{
    for (const auto& [pattern, value] : patterns)
        if (patternMatches(pattern, module))
            return value;
    return std::nullopt;
}

void readAdapterConfig(LoraMetadata& m, const std::string& text, const std::string& path)
{
    const nlohmann::json j = JsonGuard::parse(text.data(), text.size(), kMaxDepth, path, "lora_adapter_metadata");
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, path, "lora_adapter_metadata is not a JSON object");
    // diffusers prefixes each entry with the component ("transformer.r"); PEFT's own files do not.
    auto field = [&](const std::string& name) -> const nlohmann::json* {
        for (const std::string& key : {"transformer." + name, name})
            if (j.contains(key))
                return &j.at(key);
        return nullptr;
    };
    if (const auto* r = field("r"); r && r->is_number())
        m.rank = r->get<std::int64_t>();
    if (const auto* a = field("lora_alpha"); a && a->is_number())
        m.loraAlpha = a->get<double>();
    if (const auto* p = field("alpha_pattern"); p && p->is_object())
        for (const auto& [k, v] : p->items())
            if (v.is_number())
                m.alphaPattern[k] = v.get<double>();
    if (const auto* p = field("rank_pattern"); p && p->is_object())
        for (const auto& [k, v] : p->items())
            if (v.is_number_integer())
                m.rankPattern[k] = v.get<std::int64_t>();
}

// ss_tag_frequency: {"<dataset folder>": {"<tag>": count, ...}, ...}; counts summed over folders.
void readTriggerWords(LoraMetadata& m, const std::string& text, const std::string& path)
{
    nlohmann::json j;
    try {
        j = JsonGuard::parse(text.data(), text.size(), kMaxDepth, path, "ss_tag_frequency");
    } catch (const FileError&) {
        return; // training notes only: a broken one costs the trigger words, not the LoRA
    }
    std::map<std::string, std::int64_t> counts;
    if (j.is_object())
        for (const auto& [folder, tags] : j.items())
            if (tags.is_object())
                for (const auto& [tag, count] : tags.items())
                    if (count.is_number_integer())
                        counts[tag] += count.get<std::int64_t>();
    m.triggerWords.assign(counts.begin(), counts.end());
    std::stable_sort(m.triggerWords.begin(), m.triggerWords.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    if (m.triggerWords.size() > kTriggerWords)
        m.triggerWords.resize(kTriggerWords);
}

} // namespace

LoraMetadata LoraMetadata::read(const std::map<std::string, std::string>& header, const std::string& path)
{
    LoraMetadata m;
    if (const std::string adapter = valueOf(header, "lora_adapter_metadata"); !adapter.empty())
        readAdapterConfig(m, adapter, path);
    m.baseModel = valueOf(header, "ss_base_model_version");
    m.networkModule = valueOf(header, "ss_network_module");
    m.networkDim = valueOf(header, "ss_network_dim");
    m.networkAlpha = valueOf(header, "ss_network_alpha");
    m.title = valueOf(header, "modelspec.title");
    if (m.title.empty())
        m.title = valueOf(header, "ss_output_name");
    if (const std::string tags = valueOf(header, "ss_tag_frequency"); !tags.empty())
        readTriggerWords(m, tags, path);
    return m;
}

double LoraMetadata::adapterScale(const std::string& module, std::int64_t tensorRank) const
{
    const std::int64_t r = patternValue(rankPattern, module).value_or(rank.value_or(tensorRank));
    const double alpha = patternValue(alphaPattern, module).value_or(loraAlpha.value_or(static_cast<double>(r)));
    return alpha / static_cast<double>(r);
}

} // namespace framesmith
