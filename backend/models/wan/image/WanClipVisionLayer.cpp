#include "models/wan/image/WanClipVisionLayer.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

WanClipVisionLayer::WanClipVisionLayer(const WanClipVisionConfig& c)
    : m_heads(c.numAttentionHeads), m_isQuickGelu(c.hiddenAct == "quick_gelu")
{
    const std::int64_t d = c.hiddenSize;
    m_layerNorm1 = registerModule("layer_norm1", std::make_shared<LayerNorm>(d, c.layerNormEps));
    m_q = registerModule("self_attn.q_proj", std::make_shared<Linear>(d, d));
    m_k = registerModule("self_attn.k_proj", std::make_shared<Linear>(d, d));
    m_v = registerModule("self_attn.v_proj", std::make_shared<Linear>(d, d));
    m_out = registerModule("self_attn.out_proj", std::make_shared<Linear>(d, d));
    m_layerNorm2 = registerModule("layer_norm2", std::make_shared<LayerNorm>(d, c.layerNormEps));
    m_fc1 = registerModule("mlp.fc1", std::make_shared<Linear>(d, c.intermediateSize));
    m_fc2 = registerModule("mlp.fc2", std::make_shared<Linear>(c.intermediateSize, d));
}

at::Tensor WanClipVisionLayer::attention(const at::Tensor& x) const
{
    const std::int64_t b = x.size(0), n = x.size(1), d = x.size(2), headDim = d / m_heads;
    auto heads = [&](const at::Tensor& t) { return t.view({b, n, m_heads, headDim}).transpose(1, 2); }; // [B, h, N, hd]
    const at::Tensor q = heads(m_q->forward(x) * std::pow(static_cast<double>(headDim), -0.5));
    const at::Tensor k = heads(m_k->forward(x));
    const at::Tensor v = heads(m_v->forward(x));
    const at::Tensor probs = at::softmax(at::matmul(q, k.transpose(-1, -2)), -1);
    return m_out->forward(at::matmul(probs, v).transpose(1, 2).reshape({b, n, d}));
}

at::Tensor WanClipVisionLayer::forward(const at::Tensor& x) const
{
    const at::Tensor h = x + attention(m_layerNorm1->forward(x));
    at::Tensor mlp = m_fc1->forward(m_layerNorm2->forward(h));
    // quick_gelu: x·sigmoid(1.702x) (OpenAI CLIP); gelu: the exact erf form
    mlp = m_isQuickGelu ? mlp * at::sigmoid(mlp * 1.702) : at::gelu(mlp);
    return h + m_fc2->forward(mlp);
}

} // namespace framesmith
