#include "models/wan/eval/WanTextEncoderEval.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "models/EvalDevice.h"
#include "models/wan/eval/WanEvalKinds.h"
#include "models/wan/text/WanTextEncoder.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

// The golden's raw texts sit in the JSON beside it (golden/text_encoder.json: cases[].name / raw);
// the case's metadata lists the prompts by name, in tensor row order.
std::map<std::string, std::string> rawTextsBeside(const std::string& casePath)
{
    std::map<std::string, std::string> texts;
    const fs::path sidecar = fs::path(casePath).replace_extension(".json");
    std::error_code ec;
    if (!fs::is_regular_file(sidecar, ec))
        return texts;
    const nlohmann::json json = JsonGuard::readFile(sidecar.string());
    if (json.is_object() && json.contains("cases") && json["cases"].is_array())
        for (const auto& entry : json["cases"])
            if (entry.is_object() && entry.contains("name") && entry["name"].is_string() && entry.contains("raw") &&
                entry["raw"].is_string())
                texts[entry["name"].get<std::string>()] = entry["raw"].get<std::string>();
    return texts;
}

// metadata "prompts": names (looked up beside the case), raw texts, or objects with "raw".
std::vector<std::string> promptsOf(const EvalCase& c)
{
    const nlohmann::json& meta = c.meta;
    const char* key = meta.contains("raw_prompts") ? "raw_prompts" : "prompts";
    if (!meta.contains(key) || !meta[key].is_array() || meta[key].empty())
        throw InvalidRequestError("prompts", "the case " + c.casePath + " lists no prompts in its metadata");
    const auto beside = rawTextsBeside(c.casePath);
    std::vector<std::string> prompts;
    for (const auto& entry : meta[key]) {
        if (entry.is_object() && entry.contains("raw") && entry["raw"].is_string())
            prompts.push_back(entry["raw"].get<std::string>());
        else if (entry.is_string())
            prompts.push_back(beside.count(entry.get<std::string>()) ? beside.at(entry.get<std::string>())
                                                                     : entry.get<std::string>());
        else
            throw InvalidRequestError("prompts", "a prompt in " + c.casePath + " is neither text nor {raw: text}");
    }
    return prompts;
}

int maxLengthOf(const nlohmann::json& meta)
{
    if (!meta.contains("max_sequence_length"))
        return WanTextEncoder::kMaxSequenceLength;
    const auto& value = meta["max_sequence_length"];
    if (!value.is_number_integer() || value.get<std::int64_t>() < 1 || value.get<std::int64_t>() > 4096)
        throw InvalidRequestError("max_sequence_length", "must be an integer from 1 to 4096");
    return value.get<int>();
}

} // namespace

EvalOutputs WanTextEncoderEval::run(const EvalCase& c)
{
    const std::vector<std::string> prompts = promptsOf(c);
    const WanTextEncoder encoder(WanEvalKinds::variantFolder(c), evalDevice(), evalDtype(at::kFloat));
    const WanTextEmbedding e = encoder.encode(prompts, maxLengthOf(c.meta));
    return {{"input_ids", e.inputIds.cpu()},
            {"attention_mask", e.attentionMask.cpu()},
            {"last_hidden_state", e.lastHiddenState.to(at::kCPU, at::kFloat)},
            {"prompt_embeds", e.promptEmbeds.to(at::kCPU, at::kFloat)}};
}

} // namespace framesmith
