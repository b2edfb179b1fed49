#include "models/wan/transformer/WanAttention.h"

#include "core/ModuleGroup.h"
#include "core/layers/RopeRotation.h"
#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

WanAttention::WanAttention(std::int64_t dim, std::int64_t heads, double eps, std::optional<std::int64_t> addedKvProjDim)
    : m_heads(heads)
{
    // dim_head = dim / heads, so inner = kv_inner = dim for both of the block's attentions.
    m_toQ = registerModule("to_q", std::make_shared<Linear>(dim, dim));
    m_toK = registerModule("to_k", std::make_shared<Linear>(dim, dim));
    m_toV = registerModule("to_v", std::make_shared<Linear>(dim, dim));
    auto toOut = registerModule("to_out", std::make_shared<ModuleGroup>()); // [Linear, Dropout]
    m_toOut = toOut->add("0", std::make_shared<Linear>(dim, dim));
    m_normQ = registerModule("norm_q", std::make_shared<RmsNorm>(dim, eps));
    m_normK = registerModule("norm_k", std::make_shared<RmsNorm>(dim, eps));
    if (addedKvProjDim) {
        m_addK = registerModule("add_k_proj", std::make_shared<Linear>(*addedKvProjDim, dim));
        m_addV = registerModule("add_v_proj", std::make_shared<Linear>(*addedKvProjDim, dim));
        m_normAddedK = registerModule("norm_added_k", std::make_shared<RmsNorm>(dim, eps));
    }
}

at::Tensor WanAttention::heads(const at::Tensor& x) const
{
    return x.unflatten(2, {m_heads, -1}); // [B, S, H, d]
}

at::Tensor WanAttention::attend(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                const AttentionOptions& options) const
{
    // [B, S, H, d] -> [B, H, S, d] for the kernel, back to [B, Sq, H·d]
    const at::Tensor out = ChunkedAttention::compute(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), options);
    return out.transpose(1, 2).flatten(2, 3).to(q.scalar_type());
}

at::Tensor WanAttention::forward(const at::Tensor& x, const at::Tensor* context, const Rope* rope,
                                 const AttentionOptions& options) const
{
    at::Tensor text = context ? *context : x;
    at::Tensor image;
    if (m_addK) {
        const std::int64_t imageRows = text.size(1) - kTextContextLength;
        if (imageRows <= 0)
            throw ShapeError("Wan I2V cross-attention: the context has " + std::to_string(text.size(1)) +
                             " rows; expected image tokens followed by 512 text rows");
        image = text.narrow(1, 0, imageRows);
        text = text.narrow(1, imageRows, kTextContextLength);
    }
    at::Tensor q = heads(m_normQ->forward(m_toQ->forward(x)));    // [B, S, H, d]
    at::Tensor k = heads(m_normK->forward(m_toK->forward(text))); // [B, L, H, d]
    const at::Tensor v = heads(m_toV->forward(text));
    if (rope) {
        q = RopeRotation::rotate(q, rope->first, rope->second, RopePairing::Interleaved);
        k = RopeRotation::rotate(k, rope->first, rope->second, RopePairing::Interleaved);
    }
    at::Tensor out = attend(q, k, v, options); // [B, S, dim]
    if (image.defined()) {
        const at::Tensor kImage = heads(m_normAddedK->forward(m_addK->forward(image)));
        const at::Tensor vImage = heads(m_addV->forward(image));
        out = out + attend(q, kImage, vImage, options); // hidden_states + hidden_states_img
    }
    return m_toOut->forward(out);
}

} // namespace framesmith
