#pragma once
// Wan's text path (diffusers WanPipeline._get_t5_prompt_embeds): prompt_clean on each prompt, the
// umt5 T5Tokenizer (padding to max_sequence_length, truncation, </s> appended), UMT5EncoderModel
// run WITH the attention mask, then every row past a prompt's token count set to zero: the
// transformer's cross-attention takes all rows, zeros included, without a mask.
// One thread at a time per object (the encoder's rule); the weights live on the load device.
#include "text/T5Tokenizer.h"

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class T5Encoder;

struct WanTextEmbedding {
    at::Tensor promptEmbeds;    // [N, maxLength, d_model] in the encoder dtype: rows >= tokenCount[i] are zero
    at::Tensor lastHiddenState; // [N, maxLength, d_model] the encoder's output before the zeroing
    at::Tensor inputIds;        // [N, maxLength] int64 on the CPU
    at::Tensor attentionMask;   // [N, maxLength] int64 on the CPU, 1 for tokens (</s> included)
    std::vector<std::string> cleanedPrompts;
};

class WanTextEncoder {
public:
    static constexpr int kMaxSequenceLength = 512; // WanPipeline.__call__ max_sequence_length

    // modelDir: a Wan -Diffusers folder (tokenizer/ and text_encoder/ inside) or a folder holding
    // both. dtype float32, bfloat16 or float16. Throws FileError/ShapeError naming the file or tensor.
    WanTextEncoder(const std::string& modelDir, c10::Device device, c10::ScalarType dtype);
    ~WanTextEncoder();

    // Raw prompts in, cleaned here. Throws InvalidRequestError for no prompt or a length below 1.
    WanTextEmbedding encode(const std::vector<std::string>& rawPrompts, int maxLength = kMaxSequenceLength) const;

    const T5Tokenizer& tokenizer() const { return m_tokenizer; }
    const T5Encoder& model() const { return *m_model; }
    T5Encoder& model() { return *m_model; } // for the placement's attach

private:
    T5Tokenizer m_tokenizer;
    std::shared_ptr<T5Encoder> m_model;
};

} // namespace framesmith
