#pragma once
// `eval text-encoder` for Open-Sora fixtures (golden/text_encoder.{safetensors,json} and hidden cases
// like it): the raw prompts with their aes/flow come from the case's metadata when it holds them,
// else from the .json beside the case (its "cases", in the order the metadata's "prompts" names);
// each is prepared (append_score_to_prompts + text_preprocessing), tokenized to 300 and encoded
// with the attention mask. Returns the case's outputs among input_ids, attention_mask and y.
// modelRoot: the models/ folder holding DeepFloyd/t5-v1_1-xxl (or the T5 folder itself). CPU.
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class OpenSoraTextEncoderEval {
public:
    struct Prompt {
        std::string raw;
        std::optional<double> aestheticScore, flowScore;
    };

    static std::map<std::string, at::Tensor> run(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                 const nlohmann::json& meta);
    // The case's prompts, in row order (throws FileError naming what is missing).
    static std::vector<Prompt> promptsOf(const SafetensorsReader& caseFile, const nlohmann::json& meta);
};

} // namespace framesmith
