#pragma once
// diffusers WanTimeTextImageEmbedding ("condition_embedder"): the sinusoidal timestep projection
// (freq_dim, flip_sin_to_cos, shift 0) -> time_embedder (float32) -> temb; time_proj(SiLU(temb)) ->
// the six-way modulation; text_embedder (GELU tanh) on the T5 rows; image_embedder on CLIP rows.
// Timesteps may be one per sample [B] or one per token [B, S] (Wan 2.2 TI2V expand_timesteps).
// forward is const.
#include "core/Layers.h"
#include "core/layers/ProjectionMlp.h"
#include "models/wan/transformer/WanImageEmbedding.h"
#include "models/wan/transformer/WanTransformerConfig.h"

#include <memory>

namespace framesmith {

struct WanConditions {
    at::Tensor temb;          // [B, D] or [B, S, D]
    at::Tensor timestepProj;  // [B, 6·D] or [B, S, 6·D] (before the split into six)
    at::Tensor text;          // [B, L, D]
    at::Tensor image;         // [B, N, D]; undefined without image rows
};

class WanConditionEmbedder : public Module {
public:
    explicit WanConditionEmbedder(const WanTransformerConfig& config);

    // timestep [B] or [B, S]; text [B, L, text_dim]; image [B, N, image_dim] or undefined.
    WanConditions forward(const at::Tensor& timestep, const at::Tensor& text, const at::Tensor& image) const;
    bool hasImageEmbedder() const { return m_imageEmbedder != nullptr; }

private:
    std::int64_t m_freqDim;
    std::shared_ptr<ProjectionMlp> m_timeEmbedder, m_textEmbedder;
    std::shared_ptr<Linear> m_timeProj;
    std::shared_ptr<WanImageEmbedding> m_imageEmbedder; // null without image_dim
};

} // namespace framesmith
