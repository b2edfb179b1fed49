#include "models/opensora/transformer/STDiT3CrossAttention.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3CrossAttention::STDiT3CrossAttention(std::int64_t dim, std::int64_t heads)
    : m_heads(heads), m_headDim(dim / heads)
{
    m_qLinear = registerModule("q_linear", std::make_shared<Linear>(dim, dim));
    m_kvLinear = registerModule("kv_linear", std::make_shared<Linear>(dim, 2 * dim));
    m_proj = registerModule("proj", std::make_shared<Linear>(dim, dim));
}

at::Tensor STDiT3CrossAttention::headMajor(const at::Tensor& rows) const
{
    return rows.reshape({rows.size(0), rows.size(1), m_heads, m_headDim}).transpose(1, 2).contiguous();
}

STDiT3CrossAttention::KeyValues STDiT3CrossAttention::keyValues(const STDiT3TextTokens& text) const
{
    const std::int64_t dim = m_heads * m_headDim, B = static_cast<std::int64_t>(text.rows.size());
    KeyValues kv;
    // One sample's projection at a time, written into the keys/values the chunks will read: the
    // transient is one [L, 2·dim], not the whole batch's.
    auto project = [&](const at::Tensor& rows, at::Tensor k, at::Tensor v) { // rows [L, dim] -> k, v [H, L, D]
        const at::Tensor both = m_kvLinear->forward(rows);
        k.copy_(both.narrow(-1, 0, dim).reshape({rows.size(0), m_heads, m_headDim}).transpose(0, 1));
        v.copy_(both.narrow(-1, dim, dim).reshape({rows.size(0), m_heads, m_headDim}).transpose(0, 1));
    };
    if (text.hasUniformLength()) { // no mask, or the guidance halves of one prompt: one batched attention
        const auto options = text.rows.front().options();
        kv.keys.push_back(at::empty({B, m_heads, text.lengths.front(), m_headDim}, options));
        kv.values.push_back(at::empty_like(kv.keys.back()));
        for (std::int64_t b = 0; b < B; ++b)
            project(text.rows[b], kv.keys.back()[b], kv.values.back()[b]);
        return kv;
    }
    for (const at::Tensor& rows : text.rows) {
        kv.keys.push_back(at::empty({1, m_heads, rows.size(0), m_headDim}, rows.options()));
        kv.values.push_back(at::empty_like(kv.keys.back()));
        project(rows, kv.keys.back()[0], kv.values.back()[0]);
    }
    return kv;
}

at::Tensor STDiT3CrossAttention::forward(const at::Tensor& x, const KeyValues& kv,
                                         const AttentionOptions& options) const
{
    const std::int64_t B = x.size(0), n = x.size(1), dim = x.size(2);
    at::Tensor q = headMajor(m_qLinear->forward(x)); // [B, H, n, D]
    at::Tensor out;
    if (kv.keys.size() == 1) {
        out = ChunkedAttention::compute(q, kv.keys[0], kv.values[0], options);
    } else {
        out = at::empty_like(q);
        for (std::int64_t b = 0; b < B; ++b)
            out.narrow(0, b, 1).copy_(ChunkedAttention::compute(q.narrow(0, b, 1), kv.keys[b], kv.values[b], options));
    }
    q.reset();
    return m_proj->forward(out.transpose(1, 2).reshape({B, n, dim}));
}

} // namespace framesmith
