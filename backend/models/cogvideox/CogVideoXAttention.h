#pragma once
// diffusers Attention with CogVideoXAttnProcessor2_0: joint self-attention over text + video tokens,
// per-head LayerNorm on q and k (eps 1e-6), RoPE on the video tokens only.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "models/cogvideox/CogVideoXRotaryEmbedding.h"

#include <optional>

namespace framesmith {

class CogVideoXAttention : public Module {
public:
    CogVideoXAttention(int dim, int heads, int headDim, bool bias, bool outBias = true);
    // joint: [B, T + N, D] (normalised, text first) -> [B, T + N, D] after to_out.
    at::Tensor forward(const at::Tensor& joint, std::int64_t textTokens, const std::optional<RotaryEmbedding>& rope,
                       const AttentionOptions& options) const;

private:
    std::shared_ptr<Linear> m_toQ, m_toK, m_toV, m_toOut;
    std::shared_ptr<LayerNorm> m_normQ, m_normK;
    int m_heads;
    int m_headDim;
};

} // namespace framesmith
