// `framesmith-cli eval tokenizer --model DIR --case CASE.safetensors --out OUT.safetensors`:
// the prompts are the texts in CASE.json beside the case (golden/tokenizer.json's "cases" list, in
// the order of the case metadata's "prompts"); writes input_ids and attention_mask [N, max_length].
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "text/T5Tokenizer.h"
#include "text/TextComponentFolders.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace framesmith {

namespace {

std::vector<std::string> casePrompts(const EvalCase& evalCase, int& maxLength)
{
    const std::string jsonPath = std::filesystem::path(evalCase.casePath).replace_extension(".json").string();
    const auto json = JsonGuard::readFile(jsonPath); // the tokenizer case's prompt texts
    if (!json.is_object() || !json.contains("cases") || !json["cases"].is_array())
        throw FileError(ErrorCode::BadFile, jsonPath, "expected an object with a \"cases\" array");
    maxLength = json.value("max_length", 226);
    std::map<std::string, std::string> textByName;
    std::vector<std::string> texts;
    for (const auto& c : json["cases"]) {
        if (!c.contains("text") || !c["text"].is_string())
            throw FileError(ErrorCode::BadFile, jsonPath, "every case needs a \"text\" string");
        texts.push_back(c["text"].get<std::string>());
        if (c.contains("name") && c["name"].is_string())
            textByName[c["name"].get<std::string>()] = texts.back();
    }
    if (!evalCase.meta.contains("prompts"))
        return texts;
    std::vector<std::string> ordered;
    for (const auto& name : evalCase.meta["prompts"]) {
        auto it = textByName.find(name.get<std::string>());
        if (it == textByName.end())
            throw FileError(ErrorCode::BadFile, jsonPath, "no case named '" + name.get<std::string>() + "'");
        ordered.push_back(it->second);
    }
    return ordered;
}

EvalOutputs evalTokenizer(const EvalCase& evalCase)
{
    if (evalCase.modelDir.empty())
        throw InvalidRequestError("--model", "give the model folder (or its tokenizer folder)");
    const auto tokenizer = T5Tokenizer::fromFolder(tokenizerFolderOf(evalCase.modelDir));
    int maxLength = 226;
    const auto prompts = casePrompts(evalCase, maxLength);
    const auto rows = static_cast<std::int64_t>(prompts.size());
    at::Tensor ids = at::empty({rows, maxLength}, at::kLong);  // [N, max_length]
    at::Tensor mask = at::empty({rows, maxLength}, at::kLong); // [N, max_length]
    for (std::int64_t i = 0; i < rows; ++i) {
        const TokenizedText tokens = tokenizer.encode(prompts[static_cast<std::size_t>(i)], maxLength);
        std::copy(tokens.ids.begin(), tokens.ids.end(), ids[i].data_ptr<std::int64_t>());
        std::copy(tokens.attentionMask.begin(), tokens.attentionMask.end(), mask[i].data_ptr<std::int64_t>());
    }
    return {{"input_ids", ids}, {"attention_mask", mask}};
}

} // namespace

EvalKind cogVideoXTokenizerEval()
{
    return {"tokenizer", "T5 token ids of the prompts in CASE.json (input_ids, attention_mask)", evalTokenizer};
}

} // namespace framesmith
