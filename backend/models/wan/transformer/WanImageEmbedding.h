#pragma once
// diffusers WanImageEmbedding without pos_embed (Wan 2.1 I2V): FP32LayerNorm(image_dim, eps 1e-5)
// -> FeedForward(image_dim -> image_dim -> inner, exact GELU) -> FP32LayerNorm(inner). Turns the CLIP
// penultimate hidden state into cross-attention rows. forward is const.
#include "core/Layers.h"
#include "core/layers/FeedForward.h"

#include <memory>

namespace framesmith {

class WanImageEmbedding : public Module {
public:
    WanImageEmbedding(std::int64_t inFeatures, std::int64_t outFeatures);
    at::Tensor forward(const at::Tensor& image) const; // [B, N, image_dim] -> [B, N, inner]

private:
    std::shared_ptr<LayerNorm> m_norm1, m_norm2;
    std::shared_ptr<FeedForward> m_ff;
};

} // namespace framesmith
