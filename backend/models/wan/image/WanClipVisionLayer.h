#pragma once
// One transformers CLIPEncoderLayer (4.43, eager attention), children named like the checkpoint:
// x + self_attn(layer_norm1(x)), then x + mlp(layer_norm2(x)); attention scales q by
// head_dim^-0.5 before q·kᵀ, no mask (vision). forward is const; the owning thread.
#include "core/Layers.h"
#include "models/wan/image/WanClipVisionConfig.h"

namespace framesmith {

class WanClipVisionLayer : public Module {
public:
    explicit WanClipVisionLayer(const WanClipVisionConfig& config);

    at::Tensor forward(const at::Tensor& x) const; // [B, N, D] -> [B, N, D]

private:
    at::Tensor attention(const at::Tensor& x) const;

    std::int64_t m_heads;
    bool m_isQuickGelu;
    std::shared_ptr<LayerNorm> m_layerNorm1, m_layerNorm2;
    std::shared_ptr<Linear> m_q, m_k, m_v, m_out, m_fc1, m_fc2;
};

} // namespace framesmith
