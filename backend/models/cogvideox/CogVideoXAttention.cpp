#include "models/cogvideox/CogVideoXAttention.h"

#include "core/ModuleGroup.h"

#include <ATen/ATen.h>

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

at::Tensor CogVideoXAttention::forward(const at::Tensor& joint, std::int64_t textTokens,
                                       const std::optional<RotaryEmbedding>& rope,
                                       const AttentionOptions& options) const
{
    const std::int64_t B = joint.size(0), S = joint.size(1);
    // [B, S, heads, head_dim]: the per-head LayerNorm and RoPE work in this contiguous layout.
    at::Tensor q = m_normQ->forward(m_toQ->forward(joint).view({B, S, m_heads, m_headDim}));
    at::Tensor k = m_normK->forward(m_toK->forward(joint).view({B, S, m_heads, m_headDim}));
    at::Tensor v = m_toV->forward(joint).view({B, S, m_heads, m_headDim});
    if (rope) {
        const std::int64_t n = S - textTokens;
        q.narrow(1, textTokens, n).copy_(CogVideoXRotaryEmbedding::apply(q.narrow(1, textTokens, n), *rope));
        k.narrow(1, textTokens, n).copy_(CogVideoXRotaryEmbedding::apply(k.narrow(1, textTokens, n), *rope));
    }
    at::Tensor out = ChunkedAttention::compute(q.transpose(1, 2).contiguous(), k.transpose(1, 2).contiguous(),
                                               v.transpose(1, 2).contiguous(), options); // [B, H, S, d]
    return m_toOut->forward(out.transpose(1, 2).reshape({B, S, m_heads * m_headDim}));
}

} // namespace framesmith
