#include "models/opensora/OpenSoraTextEncoderEval.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "models/EvalDevice.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/OpenSoraTextEncoder.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace framesmith {

namespace {

namespace fs = std::filesystem;

std::optional<double> optionalNumber(const nlohmann::json& entry, const char* key)
{
    const auto it = entry.find(key);
    return it == entry.end() || it->is_null() ? std::nullopt : std::optional<double>(it->get<double>());
}

OpenSoraTextEncoderEval::Prompt promptOf(const nlohmann::json& entry, const std::string& source)
{
    if (!entry.is_object() || !entry.contains("raw") || !entry["raw"].is_string())
        throw FileError(ErrorCode::BadFile, source, "a prompt entry needs its raw text ('raw')");
    return {entry["raw"].get<std::string>(), optionalNumber(entry, "aes"), optionalNumber(entry, "flow")};
}

std::string t5Folder(const std::string& modelRoot, const nlohmann::json& meta)
{
    std::error_code ec;
    if (fs::is_regular_file(fs::path(modelRoot) / "spiece.model", ec))
        return modelRoot;
    std::string repo = OpenSoraRepoFolders::kT5;
    const std::string modelDir = meta.value("model_dir", std::string());
    if (modelDir.rfind("models/", 0) == 0)
        repo = modelDir.substr(7);
    return OpenSoraRepoFolders::require(modelRoot, repo);
}

c10::ScalarType dtypeOf(const nlohmann::json& meta)
{
    const std::string name = meta.value("dtype", std::string("float32"));
    if (name == "float32" || name == "fp32")
        return at::kFloat;
    if (name == "bfloat16" || name == "bf16")
        return at::kBFloat16;
    if (name == "float16" || name == "fp16")
        return at::kHalf;
    throw FileError(ErrorCode::BadFile, "case metadata", "dtype '" + name + "' is not supported");
}

} // namespace

std::vector<OpenSoraTextEncoderEval::Prompt> OpenSoraTextEncoderEval::promptsOf(const SafetensorsReader& c,
                                                                              const nlohmann::json& meta)
{
    std::vector<Prompt> prompts;
    const auto listed = meta.find("prompts");
    // Prompts spelled out in the metadata itself.
    if (listed != meta.end() && listed->is_array() && !listed->empty() && listed->front().is_object()) {
        for (const auto& entry : *listed)
            prompts.push_back(promptOf(entry, c.path()));
        return prompts;
    }
    const std::string sidecar = fs::path(c.path()).replace_extension(".json").string();
    const nlohmann::json texts = JsonGuard::readFile(sidecar);
    if (!texts.contains("cases") || !texts["cases"].is_array())
        throw FileError(ErrorCode::BadFile, sidecar, "no 'cases' list of prompts");
    const auto& cases = texts["cases"];
    if (listed == meta.end() || !listed->is_array()) {
        for (const auto& entry : cases)
            prompts.push_back(promptOf(entry, sidecar));
        return prompts;
    }
    // Rows in the order the metadata names them.
    for (const auto& name : *listed) {
        const auto it = std::find_if(cases.begin(), cases.end(), [&](const nlohmann::json& entry) {
            return entry.value("name", std::string()) == name.get<std::string>();
        });
        if (it == cases.end())
            throw FileError(ErrorCode::BadFile, sidecar, "no prompt named '" + name.get<std::string>() + "'");
        prompts.push_back(promptOf(*it, sidecar));
    }
    return prompts;
}

std::map<std::string, at::Tensor> OpenSoraTextEncoderEval::run(const std::string& modelRoot, const SafetensorsReader& c,
                                                               const nlohmann::json& meta)
{
    std::vector<std::string> prepared;
    for (const Prompt& p : promptsOf(c, meta))
        prepared.push_back(OpenSoraTextEncoder::preparePrompt(p.raw, p.aestheticScore, p.flowScore));
    // The case's dtype on the CPU, or FRAMESMITH_EVAL_DEVICE/_DTYPE (the GPU runbook's parity step).
    OpenSoraTextEncoder encoder(t5Folder(modelRoot, meta), evalDevice(), evalDtype(dtypeOf(meta)));
    const OpenSoraTextEmbedding embedding = encoder.encode(prepared);
    const std::map<std::string, at::Tensor> computed{{"input_ids", embedding.inputIds.cpu()},
                                                     {"attention_mask", embedding.mask.cpu()},
                                                     {"y", embedding.y.cpu()}};
    std::map<std::string, at::Tensor> out;
    for (const auto& [name, tensor] : computed)
        if (c.find(name))
            out[name] = tensor;
    if (out.empty())
        throw FileError(ErrorCode::BadFile, c.path(), "the case holds none of input_ids, attention_mask, y");
    return out;
}

} // namespace framesmith
