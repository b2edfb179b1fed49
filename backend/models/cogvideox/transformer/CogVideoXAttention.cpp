#include "models/cogvideox/transformer/CogVideoXAttention.h"

#include "core/ModuleGroup.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

CogVideoXAttention::CogVideoXAttention(int dim, int heads, int headDim, bool bias, bool outBias)
    : m_heads(heads), m_headDim(headDim)
{
    const int inner = heads * headDim;
    m_toQ = registerModule("to_q", std::make_shared<Linear>(dim, inner, bias));
    m_toK = registerModule("to_k", std::make_shared<Linear>(dim, inner, bias));
    m_toV = registerModule("to_v", std::make_shared<Linear>(dim, inner, bias));
    m_normQ = registerModule("norm_q", std::make_shared<LayerNorm>(headDim, 1e-6)); // Attention(eps=1e-6)
    m_normK = registerModule("norm_k", std::make_shared<LayerNorm>(headDim, 1e-6));
    auto toOut = registerModule("to_out", std::make_shared<ModuleGroup>()); // to_out.1 is a dropout
    m_toOut = toOut->add("0", std::make_shared<Linear>(inner, dim, outBias));
}

std::int64_t CogVideoXAttention::ropeChunkTokens(std::int64_t batch, std::int64_t innerDim, std::int64_t videoTokens)
{
    return std::clamp<std::int64_t>(kRopeChunkBytes / (batch * innerDim * 4), 1, std::max<std::int64_t>(videoTokens, 1));
}

at::Tensor CogVideoXAttention::headMajor(at::Tensor x, const LayerNorm* norm, std::int64_t textTokens,
                                         const std::optional<RotaryEmbedding>& rope) const
{
    const std::int64_t B = x.size(0), S = x.size(1);
    x = x.view({B, S, m_heads, m_headDim}); // the per-head LayerNorm and RoPE work in this layout
    if (norm)
        x = norm->forward(x);
    if (rope) {
        // RoPE computes in float32 copies of the video tokens: in chunks of kRopeChunkBytes these stay
        // small (whole, they were ~7 [B, S, D] tensors in bf16). Elementwise: same values either way.
        const std::int64_t n = S - textTokens;
        const std::int64_t chunk = ropeChunkTokens(B, m_heads * m_headDim, n);
        for (std::int64_t t0 = 0; t0 < n; t0 += chunk) {
            const std::int64_t c = std::min(chunk, n - t0);
            at::Tensor part = x.narrow(1, textTokens + t0, c);
            part.copy_(CogVideoXRotaryEmbedding::apply(
                part, RotaryEmbedding{rope->cos.narrow(0, t0, c), rope->sin.narrow(0, t0, c)}));
        }
    }
    return x.transpose(1, 2).contiguous(); // [B, heads, S, head_dim]
}

// Peak memory: q, k and v are made one at a time, each going straight to its head-major copy, and
// the normalised input is dropped after the last projection. At the attention kernel only the
// residual stream (held by the block), q, k, v and the output are alive
// (CogVideoXActivations::denoise counts exactly these).
at::Tensor CogVideoXAttention::forward(at::Tensor joint, std::int64_t textTokens,
                                       const std::optional<RotaryEmbedding>& rope,
                                       const AttentionOptions& options) const
{
    const std::int64_t B = joint.size(0), S = joint.size(1);
    at::Tensor q = headMajor(m_toQ->forward(joint), m_normQ.get(), textTokens, rope);
    at::Tensor k = headMajor(m_toK->forward(joint), m_normK.get(), textTokens, rope);
    at::Tensor v = m_toV->forward(joint);
    joint.reset();
    v = headMajor(std::move(v), nullptr, textTokens, std::nullopt);
    at::Tensor out = ChunkedAttention::compute(q, k, v, options); // [B, H, S, d]
    q.reset();
    k.reset();
    v.reset();
    return m_toOut->forward(out.transpose(1, 2).reshape({B, S, m_heads * m_headDim}));
}

} // namespace framesmith
