#include "framesmith/GenerationRequest.h"

#include "core/EditDistance.h"
#include "framesmith/Error.h"
#include "framesmith/StepCacheSetting.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <type_traits>
#include <variant>
#include <vector>

namespace framesmith {

std::string toJson(const GenerationRequest& r)
{
    nlohmann::json j = {
        {"model", r.modelPath}, {"prompt", r.prompt}, {"negativePrompt", r.negativePrompt},
        {"image", r.startImagePath}, {"frames", r.frameCount}, {"fps", r.fps}, {"width", r.width},
        {"height", r.height}, {"steps", r.steps}, {"guidance", r.guidanceScale},
        {"seed", r.seed}, {"scheduler", r.scheduler}, {"preset", r.preset}};
    if (!r.knobs.empty()) { // written only when set: a request at the family's defaults stays as it was
        nlohmann::json knobs = nlohmann::json::object();
        for (const auto& [name, value] : r.knobs)
            std::visit([&knobs, &name = name](const auto& v) { knobs[name] = v; }, value);
        j["knobs"] = knobs;
    }
    if (!r.references.empty()) // written only when used: text-to-video sidecars stay as they were
        j["references"] = r.references;
    if (!r.conditioning.empty())
        j["conditioning"] = r.conditioning;
    if (r.stepCache != "off") // written only when used: uncached sidecars stay as they were
        j["stepCache"] = r.stepCache;
    if (!r.loras.empty()) { // written only when used: sidecars without LoRAs stay as they were
        nlohmann::json loras = nlohmann::json::array();
        for (const LoraSpec& lora : r.loras) {
            nlohmann::json item = {{"file", lora.file}, {"strength", lora.strength}};
            if (!lora.expert.empty())
                item["expert"] = lora.expert;
            if (!lora.enabled)
                item["enabled"] = false;
            if (!lora.sha256.empty())
                item["sha256"] = lora.sha256;
            loras.push_back(item);
        }
        j["loras"] = loras;
    }
    if (r.resolvedPreset)
        j["resolvedPreset"] = nlohmann::json::parse(toJson(*r.resolvedPreset));
    return j.dump(2);
}

namespace {

const char* const kRequestKeys[] = {"model", "prompt", "negativePrompt", "image", "references", "conditioning",
                                    "frames", "fps", "width", "height", "steps", "guidance", "knobs",
                                    "dynamicGuidance", "seed", "scheduler", "stepCache", "preset", "resolvedPreset", "loras"};

// A misspelt key ("negative_promt") used to be ignored silently: the job ran without it.
void requireKnownKeys(const nlohmann::json& j)
{
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        if (std::find(std::begin(kRequestKeys), std::end(kRequestKeys), key) != std::end(kRequestKeys))
            continue;
        const std::string shown = key.size() > 40 ? key.substr(0, 40) + "..." : key;
        const std::string nearest = nearestName(key, std::vector<std::string>(std::begin(kRequestKeys), std::end(kRequestKeys)));
        std::string hint = nearest.empty() ? "" : " (did you mean \"" + nearest + "\"?)";
        std::string keys;
        for (const char* known : kRequestKeys)
            keys += (keys.empty() ? "" : ", ") + std::string(known);
        throw InvalidRequestError(shown, "is not a job file key" + hint + "; the keys are " + keys);
    }
}

[[noreturn]] void wrongType(const char* key, const std::string& expected, const nlohmann::json& value)
{
    throw InvalidRequestError(key, "expects " + expected + " in the job file, got " + value.dump());
}

// Integers must be written as integers and fit the field: 9.9 frames or a seed of 2^64 are
// mistakes to report, never values to truncate or saturate.
template <class T>
T integerField(const char* key, const nlohmann::json& value)
{
    const std::string expected = std::is_signed_v<T> ? "an integer" : "a non-negative integer";
    if (value.is_number_unsigned()) {
        const auto n = value.get<std::uint64_t>();
        if (n > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
            throw InvalidRequestError(key, "is " + value.dump() + ", above the largest allowed " +
                                               std::to_string(std::numeric_limits<T>::max()));
        return static_cast<T>(n);
    }
    if (value.is_number_integer()) {
        const auto n = value.get<std::int64_t>();
        if (n < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
            (std::is_signed_v<T> && n > static_cast<std::int64_t>(std::numeric_limits<T>::max())))
            throw InvalidRequestError(key, "is " + value.dump() + ", outside " + std::to_string(std::numeric_limits<T>::min()) +
                                               ".." + std::to_string(std::numeric_limits<T>::max()));
        return static_cast<T>(n);
    }
    wrongType(key, expected, value);
}

template <class T>
void readField(const nlohmann::json& j, const char* key, T& out)
{
    if (!j.contains(key))
        return;
    const nlohmann::json& value = j.at(key);
    if constexpr (std::is_same_v<T, bool>) {
        if (!value.is_boolean())
            wrongType(key, "true or false", value);
        out = value.get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
        out = integerField<T>(key, value);
    } else if constexpr (std::is_floating_point_v<T>) {
        if (!value.is_number())
            wrongType(key, "a number", value);
        out = value.get<T>();
    } else {
        if (!value.is_string())
            wrongType(key, "a string", value);
        out = value.get<std::string>();
    }
}

void readReferences(const nlohmann::json& j, std::vector<std::string>& out)
{
    if (!j.contains("references"))
        return;
    const nlohmann::json& value = j.at("references");
    if (!value.is_array())
        wrongType("references", "a list of file names", value);
    for (const nlohmann::json& item : value) {
        if (!item.is_string())
            wrongType("references", "a list of file names", value);
        out.push_back(item.get<std::string>());
    }
}

void readStepCache(const nlohmann::json& j, std::string& out)
{
    readField(j, "stepCache", out);
    if (isStepCacheSetting(out))
        return;
    std::string known;
    for (const std::string& name : stepCacheSettings())
        known += (known.empty() ? "" : ", ") + name;
    throw InvalidRequestError("stepCache", "is '" + out + "'; choose one of " + known);
}

// "loras": [{"file": ..., "strength": ..., "expert"?, "enabled"?, "sha256"?}], each range-checked here.
void readLoras(const nlohmann::json& j, std::vector<LoraSpec>& out)
{
    if (!j.contains("loras"))
        return;
    const nlohmann::json& value = j.at("loras");
    if (!value.is_array())
        wrongType("loras", "a list of {\"file\": ..., \"strength\": ...}", value);
    for (std::size_t i = 0; i < value.size(); ++i) {
        const nlohmann::json& item = value[i];
        if (!item.is_object())
            wrongType("loras", "a list of {\"file\": ..., \"strength\": ...}", value);
        const std::string field = "loras[" + std::to_string(i) + "]";
        LoraSpec lora;
        readField(item, "file", lora.file);
        readField(item, "strength", lora.strength);
        readField(item, "expert", lora.expert);
        readField(item, "enabled", lora.enabled);
        readField(item, "sha256", lora.sha256);
        requireValidLora(lora, field);
        out.push_back(lora);
    }
}

KnobValue knobValue(const std::string& field, const nlohmann::json& value)
{
    if (value.is_boolean())
        return value.get<bool>();
    if (value.is_number_integer())
        return integerField<std::int64_t>(field.c_str(), value);
    if (value.is_number())
        return value.get<double>();
    if (value.is_string())
        return value.get<std::string>();
    wrongType(field.c_str(), "true, false, a number or a string", value);
}

// "knobs": {"flow_shift": 5.0, ...}, typed as written; whether the model has them and in what
// range is validateRequest's (the job file does not know the model's spec yet).
void readKnobs(const nlohmann::json& j, KnobValues& out)
{
    // Sidecars written before knobs were the families' own kept the dynamic guidance switch here.
    if (j.contains("dynamicGuidance")) {
        bool isOn = false;
        readField(j, "dynamicGuidance", isOn);
        if (isOn)
            out["dynamic_guidance"] = true;
    }
    if (!j.contains("knobs"))
        return;
    const nlohmann::json& value = j.at("knobs");
    if (!value.is_object())
        wrongType("knobs", "an object of knob names and values ({\"flow_shift\": 5.0})", value);
    for (const auto& item : value.items())
        out[item.key()] = knobValue("knobs." + item.key(), item.value());
}

} // namespace

GenerationRequest requestFromJson(const std::string& text)
{
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 12: ..." without the tag.
        const std::string what = e.what();
        const std::size_t tag = what.find("] ");
        throw InvalidRequestError("job", "is not valid JSON: " + (tag == std::string::npos ? what : what.substr(tag + 2)));
    }
    if (!j.is_object())
        throw InvalidRequestError("job", "is not a JSON object (it is " + std::string(j.type_name()) + ")");
    // A clip's sidecar holds the request under "request": it is a job file too.
    if (!j.contains("model") && j.contains("request") && j["request"].is_object())
        j = j["request"];
    requireKnownKeys(j);
    GenerationRequest r;
    readField(j, "model", r.modelPath);
    readField(j, "prompt", r.prompt);
    readField(j, "negativePrompt", r.negativePrompt);
    readField(j, "image", r.startImagePath);
    readReferences(j, r.references);
    readField(j, "conditioning", r.conditioning);
    readField(j, "frames", r.frameCount);
    readField(j, "fps", r.fps);
    readField(j, "width", r.width);
    readField(j, "height", r.height);
    readField(j, "steps", r.steps);
    readField(j, "guidance", r.guidanceScale);
    readKnobs(j, r.knobs);
    readField(j, "seed", r.seed);
    readField(j, "scheduler", r.scheduler);
    readStepCache(j, r.stepCache);
    readField(j, "preset", r.preset);
    readLoras(j, r.loras);
    if (j.contains("resolvedPreset")) {
        if (!j["resolvedPreset"].is_object())
            wrongType("resolvedPreset", "a preset object", j["resolvedPreset"]);
        r.resolvedPreset = presetFromJson(j["resolvedPreset"].dump(), "resolvedPreset");
    }
    return r;
}

} // namespace framesmith
