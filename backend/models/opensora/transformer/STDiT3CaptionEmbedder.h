#pragma once
// Open-Sora CaptionEmbedder (`y_embedder`): the caption MLP `y_proj` from T5 width to the hidden
// size, and `y_embedding`, the learned null caption [model_max_length, caption_channels] that
// classifier-free guidance feeds as the unconditional text (a buffer the checkpoint stores).
#include "models/opensora/transformer/STDiT3Mlp.h"

namespace framesmith {

class STDiT3CaptionEmbedder : public Module {
public:
    STDiT3CaptionEmbedder(std::int64_t captionChannels, std::int64_t hiddenSize, std::int64_t tokenCount);
    at::Tensor forward(const at::Tensor& caption) const; // [..., caption_channels] -> [..., hidden]
    // T5Encoder.null(n): y_embedding repeated, [n, 1, model_max_length, caption_channels].
    at::Tensor nullCaption(std::int64_t count) const;

    at::Tensor yEmbedding; // y_embedding

private:
    std::shared_ptr<STDiT3Mlp> m_proj;
};

} // namespace framesmith
