#pragma once
// The text stage of the CogVideoX pipelines (diffusers encode_prompt / _get_t5_prompt_embeds): T5
// tokenizer padded/truncated to 226 tokens, T5 encoder without attention mask, embeddings moved to
// the compute device and dtype. `encoder` is the loaded text encoder: read from disk when empty,
// placed for the call, and left to the caller (who frees it unless the engine keeps it).
#include "models/VideoPipeline.h"

#include <memory>
#include <string>

namespace framesmith {

class T5Encoder;

class CogVideoXPipelinePrompts {
public:
    static constexpr int kMaxSequenceLength = 226;

    // negativePrompt is encoded only with classifier-free guidance ("" when empty, like diffusers).
    static EncodedPrompts encode(const std::string& modelDir, const std::string& prompt,
                                 const std::string& negativePrompt, bool withGuidance,
                                 const PipelineResources& resources, std::shared_ptr<T5Encoder>& encoder);
    // The prompt's tokens with </s>, untruncated, against kMaxSequenceLength. The last folder's
    // tokenizer is kept (thread-safe), so counting as the user types costs no reload.
    static PromptTokenCount countTokens(const std::string& modelDir, const std::string& prompt);
};

} // namespace framesmith
