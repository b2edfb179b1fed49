#pragma once
// Open-Sora 1.2's text path: append_score_to_prompts + text_preprocessing (clean_caption twice)
// on each raw prompt, then the T5 tokenizer (max_length 300, padded, truncated, </s>) and
// T5EncoderModel run WITH the attention mask (opensora/models/text_encoder/t5.py, T5Encoder.encode).
// Thread: one thread at a time per object; preparePrompt is pure and thread-safe.
#include "text/T5Tokenizer.h"

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class T5Encoder;

struct OpenSoraTextEmbedding {
    at::Tensor y;         // [N, 1, maxLength, d_model] float32 (upcast from the encoder's dtype), on its device
    at::Tensor mask;      // [N, maxLength] int64 on the encoder's device: 1 for tokens (</s> included), 0 for padding
    at::Tensor inputIds;  // [N, maxLength] int64 on the CPU, what the tokenizer produced
};

class OpenSoraTextEncoder {
public:
    static constexpr int kMaxLength = 300; // scripts/inference.py: text_encoder model_max_length=300

    // t5Folder holds config.json, the weights (model.safetensors or an index) and the tokenizer files
    // (spiece.model, tokenizer_config.json, ...), like DeepFloyd/t5-v1_1-xxl. Open-Sora keeps T5 in
    // float32 whatever the model dtype; bfloat16/float16 are accepted to save memory.
    OpenSoraTextEncoder(const std::string& t5Folder, c10::Device device, c10::ScalarType dtype);
    ~OpenSoraTextEncoder();

    // append_score_to_prompts([raw], aes, flow) then text_preprocessing: the exact text T5 sees.
    // Throws InvalidRequestError when a score is not finite.
    static std::string preparePrompt(const std::string& raw, double aestheticScore, std::optional<double> flowScore);
    // The same without an aesthetic score (aes=None).
    static std::string preparePrompt(const std::string& raw, std::optional<double> aestheticScore,
                                     std::optional<double> flowScore);

    // Tokenizes and encodes prepared prompts (no further cleaning).
    OpenSoraTextEmbedding encode(const std::vector<std::string>& preparedPrompts);

    const T5Tokenizer& tokenizer() const { return m_tokenizer; }
    const T5Encoder& model() const { return *m_model; }
    std::int64_t hiddenSize() const;

private:
    T5Tokenizer m_tokenizer;
    std::shared_ptr<T5Encoder> m_model;
};

} // namespace framesmith
