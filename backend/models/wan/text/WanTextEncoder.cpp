#include "models/wan/text/WanTextEncoder.h"

#include "framesmith/Error.h"
#include "models/wan/text/WanPromptCleaner.h"
#include "text/T5Encoder.h"
#include "text/TextComponentFolders.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h> // at::NoGradGuard: libtorch 2.x does not bring it with ATen.h

namespace framesmith {

WanTextEncoder::WanTextEncoder(const std::string& modelDir, c10::Device device, c10::ScalarType dtype)
    : m_tokenizer(T5Tokenizer::fromFolder(tokenizerFolderOf(modelDir))),
      m_model(T5Encoder::load(textEncoderFolderOf(modelDir), dtype, device))
{
}

WanTextEncoder::~WanTextEncoder() = default;

WanTextEmbedding WanTextEncoder::encode(const std::vector<std::string>& rawPrompts, int maxLength) const
{
    if (rawPrompts.empty())
        throw InvalidRequestError("prompt", "at least one prompt is needed");
    if (maxLength < 1)
        throw InvalidRequestError("max_sequence_length", "must be at least 1 (got " + std::to_string(maxLength) + ")");
    at::NoGradGuard noGrad;
    const auto count = static_cast<std::int64_t>(rawPrompts.size());
    WanTextEmbedding out;
    out.inputIds = at::empty({count, maxLength}, at::kLong);
    out.attentionMask = at::empty({count, maxLength}, at::kLong);
    std::vector<std::int64_t> tokenCounts;
    for (std::int64_t i = 0; i < count; ++i) {
        out.cleanedPrompts.push_back(WanPromptCleaner::clean(rawPrompts[static_cast<std::size_t>(i)]));
        // tokenizer(prompt, padding="max_length", max_length, truncation=True, add_special_tokens=True)
        const TokenizedText tokens = m_tokenizer.encode(out.cleanedPrompts.back(), maxLength);
        out.inputIds[i].copy_(at::tensor(tokens.ids, at::kLong));
        out.attentionMask[i].copy_(at::tensor(tokens.attentionMask, at::kLong));
        tokenCounts.push_back(tokens.tokenCount);
    }
    out.lastHiddenState = m_model->forward(out.inputIds, out.attentionMask); // [N, L, D]
    // seq_lens = mask.gt(0).sum(1); u[:v] then new_zeros for the rest, stacked back to [N, L, D].
    out.promptEmbeds = out.lastHiddenState.clone();
    for (std::int64_t i = 0; i < count; ++i)
        out.promptEmbeds[i].narrow(0, tokenCounts[static_cast<std::size_t>(i)],
                                   maxLength - tokenCounts[static_cast<std::size_t>(i)]).zero_();
    return out;
}

} // namespace framesmith
