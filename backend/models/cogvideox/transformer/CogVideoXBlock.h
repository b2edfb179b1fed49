#pragma once
// diffusers CogVideoXBlock: adaLN-zero modulated joint attention and feed-forward over the
// text + video sequence, kept here as one [B, T + N, D] tensor (text first) instead of two.
#include "models/cogvideox/transformer/CogVideoXAttention.h"
#include "models/cogvideox/transformer/CogVideoXFeedForward.h"
#include "models/cogvideox/transformer/CogVideoXLayerNormZero.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"

namespace framesmith {

class CogVideoXBlock : public Module {
public:
    explicit CogVideoXBlock(const CogVideoXTransformerConfig& config);
    // joint: [B, T + N, D] residual stream, updated in place and returned; temb: [B, E].
    at::Tensor forward(at::Tensor joint, std::int64_t textTokens, const at::Tensor& temb,
                       const std::optional<RotaryEmbedding>& rope, const AttentionOptions& options) const;

private:
    std::shared_ptr<CogVideoXLayerNormZero> m_norm1, m_norm2;
    std::shared_ptr<CogVideoXAttention> m_attn1;
    std::shared_ptr<CogVideoXFeedForward> m_ff;
};

} // namespace framesmith
