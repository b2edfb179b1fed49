#include "models/wan/planning/WanActivationModel.h"

#include <algorithm>

namespace framesmith {

namespace {

constexpr std::int64_t kFloat = 4;
// ChunkedAttention's score budget when SDPA is not fused (AttentionOptions' default).
constexpr std::int64_t kScoreBudgetBytes = 256ll << 20;

std::int64_t attention(bool fused, std::int64_t heads, std::int64_t queries, std::int64_t keys, std::int64_t headDim,
                       std::int64_t e)
{
    if (fused)
        return heads * queries * kFloat; // SDPA's float32 row statistics
    const std::int64_t budget = std::max<std::int64_t>(1, kScoreBudgetBytes / e);
    const std::int64_t rows = std::clamp<std::int64_t>(budget / keys, 1, queries);
    const std::int64_t chunkHeads = std::clamp<std::int64_t>(budget / (rows * keys), 1, heads);
    const std::int64_t chunkOut = rows == queries ? 0 : chunkHeads * rows * headDim;
    return (chunkHeads * rows * keys + chunkOut) * e;
}

} // namespace

std::int64_t WanActivationModel::tokens(const WanTransformerConfig& c, const WanStepShape& s)
{
    return s.latentFrames / c.patchSize[0] * (s.latentHeight / c.patchSize[1]) * (s.latentWidth / c.patchSize[2]);
}

WanActivations WanActivationModel::estimate(const WanTransformerConfig& c, const WanStepShape& s, std::int64_t e,
                                            bool fused)
{
    const std::int64_t B = s.batch, S = tokens(c, s), D = c.innerDim(), F = c.ffnDim, L = s.contextRows;
    const std::int64_t N = B * S * D;               // one [B, S, D] stream, in elements
    const std::int64_t wide = e == kFloat ? 0 : kFloat; // x.to(float): a copy only below float32
    const std::int64_t back = e == kFloat ? 0 : e;      // .to(x.dtype): a copy only below float32
    WanActivations a;
    // The stream, the context rows and RoPE's [1, S, 1, head_dim] cos and sin tables (float32).
    a.heldBytes = N * e + B * L * D * e + 2 * S * c.attentionHeadDim * kFloat;
    if (s.isPerTokenTimestep) // timestep_proj [B, S, 6D], temb [B, S, D], each block's float32 modulation
        a.heldBytes += B * S * 7 * D * e + B * S * 6 * D * kFloat;
    // FP32LayerNorm · (1 + scale) + shift in float32, then cast: normed, product, sum, cast.
    const std::int64_t modulate = N * std::max(wide + kFloat, 3 * kFloat + back);
    // Self-attention: its modulated input, q, k, v; RoPE rotates q (then k) into float32 with a
    // half-width product beside; at the kernel the output and its token-major copy. The chunked
    // path also reshapes the [B, S, H, d] views head-major (a copy each of q, k and v); SDPA reads them.
    a.attentionBytes = attention(fused, B * c.numAttentionHeads, S, S, c.attentionHeadDim, e);
    const std::int64_t rope = N * (4 * e + kFloat + kFloat / 2 + back);
    const std::int64_t selfAttention = std::max(rope, N * (fused ? 6 : 9) * e + a.attentionBytes);
    // x.float() + attn · gate, cast back: beside the attention output.
    const std::int64_t residual = N * (e + wide + 2 * kFloat + back);
    // Cross-attention: norm2 (float32, cast), q, the output and its copy; k, v over the L rows.
    const std::int64_t crossScores = attention(fused, B * c.numAttentionHeads, S, L, c.attentionHeadDim, e);
    const std::int64_t cross = std::max(N * (wide + kFloat + back),
                                        N * (fused ? 4 : 5) * e + 2 * B * L * D * e * (fused ? 1 : 2) + crossScores + N * e);
    // Feed-forward: the modulated input, ffn.0's [B, S, F] output and its GELU, the projection back.
    const std::int64_t feedForward = std::max(modulate, N * 2 * e + 2 * B * S * F * e);
    // x.float() + ff.float() · c_gate, cast back: beside the feed-forward output.
    const std::int64_t gated = N * (e + 2 * wide + 2 * kFloat + back);
    a.phaseBytes = std::max({modulate, selfAttention, residual, cross, feedForward, gated});
    // Around the call: the scheduler's latents, model output and its multistep history (float32).
    const std::int64_t latent = c.outChannels * s.latentFrames * s.latentHeight * s.latentWidth * kFloat;
    a.samplerBytes = 6 * latent + B * c.inChannels * s.latentFrames * s.latentHeight * s.latentWidth * e;
    return a;
}

} // namespace framesmith
