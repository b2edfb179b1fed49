#include "models/opensora/transformer/STDiT3SelfAttention.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3SelfAttention::STDiT3SelfAttention(std::int64_t dim, std::int64_t heads, bool qkNorm)
    : m_heads(heads), m_headDim(dim / heads)
{
    m_qkv = registerModule("qkv", std::make_shared<Linear>(dim, 3 * dim)); // qkv_bias=True
    if (qkNorm) {
        m_qNorm = registerModule("q_norm", std::make_shared<RmsNorm>(m_headDim, 1e-6));
        m_kNorm = registerModule("k_norm", std::make_shared<RmsNorm>(m_headDim, 1e-6));
    }
    m_proj = registerModule("proj", std::make_shared<Linear>(dim, dim));
}

at::Tensor STDiT3SelfAttention::forward(at::Tensor x, const STDiT3Rope* rope, const AttentionOptions& options) const
{
    const std::int64_t B = x.size(0), n = x.size(1), dim = x.size(2);
    // qkv.view(B, N, 3, H, D).permute(2, 0, 3, 1, 4): q, k, v are [B, H, n, D] views of one tensor.
    at::Tensor qkv = m_qkv->forward(x).view({B, n, 3, m_heads, m_headDim}).permute({2, 0, 3, 1, 4});
    x.reset();
    at::Tensor v = qkv[2].contiguous();
    at::Tensor q = m_qNorm ? m_qNorm->forward(qkv[0]) : qkv[0].contiguous(); // the norms write dense tensors
    at::Tensor k = m_kNorm ? m_kNorm->forward(qkv[1]) : qkv[1].contiguous();
    qkv.reset(); // q, k, v are copies now: the projection goes before RoPE and the scores
    if (rope) {
        q = rope->rotate(q);
        k = rope->rotate(k);
    }
    at::Tensor out = ChunkedAttention::compute(q, k, v, options); // [B, H, n, D]
    q.reset();
    k.reset();
    v.reset();
    return m_proj->forward(out.transpose(1, 2).reshape({B, n, dim}));
}

} // namespace framesmith
