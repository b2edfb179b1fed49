#include "models/opensora/OpenSoraTextEncoder.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraCaptionCleaner.h"
#include "text/T5Encoder.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h>

namespace framesmith {

OpenSoraTextEncoder::OpenSoraTextEncoder(const std::string& t5Folder, c10::Device device, c10::ScalarType dtype)
    : m_tokenizer(T5Tokenizer::fromFolder(t5Folder)), m_model(T5Encoder::load(t5Folder, dtype, device))
{
}

OpenSoraTextEncoder::~OpenSoraTextEncoder() = default;

std::string OpenSoraTextEncoder::preparePrompt(const std::string& raw, double aestheticScore,
                                               std::optional<double> flowScore)
{
    return preparePrompt(raw, std::optional<double>(aestheticScore), flowScore);
}

std::string OpenSoraTextEncoder::preparePrompt(const std::string& raw, std::optional<double> aestheticScore,
                                               std::optional<double> flowScore)
{
    return OpenSoraCaptionCleaner::textPreprocessing(OpenSoraCaptionCleaner::appendScores(raw, aestheticScore, flowScore));
}

std::int64_t OpenSoraTextEncoder::hiddenSize() const
{
    return m_model->config().dModel;
}

OpenSoraTextEmbedding OpenSoraTextEncoder::encode(const std::vector<std::string>& preparedPrompts)
{
    if (preparedPrompts.empty())
        throw InvalidRequestError("prompt", "at least one prompt is needed");
    at::NoGradGuard noGrad;
    // T5Embedder.get_text_embeddings: max_length=300, padding="max_length", truncation=True,
    // add_special_tokens=True; then T5EncoderModel(input_ids, attention_mask).
    const auto count = static_cast<std::int64_t>(preparedPrompts.size());
    at::Tensor ids = at::empty({count, kMaxLength}, at::kLong);
    at::Tensor mask = at::empty({count, kMaxLength}, at::kLong);
    for (std::int64_t i = 0; i < count; ++i) {
        const TokenizedText tokens = m_tokenizer.encode(preparedPrompts[static_cast<std::size_t>(i)], kMaxLength);
        ids[i].copy_(at::tensor(tokens.ids, at::kLong));
        mask[i].copy_(at::tensor(tokens.attentionMask, at::kLong));
    }
    OpenSoraTextEmbedding out;
    // T5Encoder.encode: caption_embs[:, None] -> [N, 1, L, D]
    out.y = m_model->forward(ids, mask).to(at::kFloat).unsqueeze(1).contiguous();
    out.mask = mask.to(m_model->device());
    out.inputIds = ids;
    return out;
}

} // namespace framesmith
