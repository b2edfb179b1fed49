#pragma once
// diffusers Attention with CogVideoXAttnProcessor2_0: joint self-attention over text + video tokens,
// per-head LayerNorm on q and k (eps 1e-6), RoPE on the video tokens only.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "models/cogvideox/transformer/CogVideoXRotaryEmbedding.h"

#include <optional>

namespace framesmith {

class CogVideoXAttention : public Module {
public:
    // RoPE runs on chunks of video tokens whose float32 copy is at most this large.
    static constexpr std::int64_t kRopeChunkBytes = 16ll << 20;
    static std::int64_t ropeChunkTokens(std::int64_t batch, std::int64_t innerDim, std::int64_t videoTokens);

    CogVideoXAttention(int dim, int heads, int headDim, bool bias, bool outBias = true);
    // joint: [B, T + N, D] (normalised, text first) -> [B, T + N, D] after to_out. Taken by value:
    // moved in, it is freed once q, k and v are projected.
    at::Tensor forward(at::Tensor joint, std::int64_t textTokens, const std::optional<RotaryEmbedding>& rope,
                       const AttentionOptions& options) const;

private:
    // A projection [B, S, heads * head_dim] -> normalised, rotated, [B, heads, S, head_dim] contiguous.
    at::Tensor headMajor(at::Tensor x, const LayerNorm* norm, std::int64_t textTokens,
                         const std::optional<RotaryEmbedding>& rope) const;
    std::shared_ptr<Linear> m_toQ, m_toK, m_toV, m_toOut;
    std::shared_ptr<LayerNorm> m_normQ, m_normK;
    int m_heads;
    int m_headDim;
};

} // namespace framesmith
