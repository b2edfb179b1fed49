#include "models/wan/transformer/WanTransformerBlock.h"

#include <ATen/ATen.h>

namespace framesmith {

WanTransformerBlock::WanTransformerBlock(const WanTransformerConfig& c) : m_eps(c.eps)
{
    const std::int64_t dim = c.innerDim();
    m_norm1 = registerModule("norm1", std::make_shared<LayerNorm>(dim, c.eps, /*elementwiseAffine=*/false));
    m_attn1 = registerModule("attn1", std::make_shared<WanAttention>(dim, c.numAttentionHeads, c.eps, std::nullopt));
    m_attn2 = registerModule("attn2", std::make_shared<WanAttention>(dim, c.numAttentionHeads, c.eps, c.addedKvProjDim));
    if (c.crossAttnNorm)
        m_norm2 = registerModule("norm2", std::make_shared<LayerNorm>(dim, c.eps, /*elementwiseAffine=*/true));
    m_ffn = registerModule("ffn", std::make_shared<FeedForward>(dim, c.ffnDim, dim, Activation::GeluTanh));
    m_norm3 = registerModule("norm3", std::make_shared<LayerNorm>(dim, c.eps, /*elementwiseAffine=*/false));
    registerParameter("scale_shift_table", &m_scaleShiftTable, {1, 6, dim});
}

at::Tensor WanTransformerBlock::fp32Norm(const LayerNorm& norm, const at::Tensor& x) const
{
    // diffusers FP32LayerNorm: layer_norm on x.float() with float32 weight and bias (the norms stay
    // float32 through _keep_in_fp32_modules whatever the model's dtype); the caller casts back.
    auto wide = [](const at::Tensor& t) { return t.defined() ? t.to(at::kFloat) : t; };
    return at::layer_norm(x.to(at::kFloat), {x.size(-1)}, wide(norm.weight), wide(norm.bias), m_eps);
}

at::Tensor WanTransformerBlock::modulated(const LayerNorm& norm, const at::Tensor& x, const at::Tensor& scale,
                                          const at::Tensor& shift) const
{
    // (norm(x.float())·(1 + scale) + shift).type_as(x)
    return (fp32Norm(norm, x) * (scale + 1) + shift).to(x.scalar_type());
}

at::Tensor WanTransformerBlock::forward(const at::Tensor& xIn, const at::Tensor& context, const at::Tensor& timestepProj,
                                        const WanAttention::Rope& rope, const AttentionOptions& options) const
{
    // Modulation in float32 (_keep_in_fp32_modules holds scale_shift_table in float32).
    const bool isPerToken = timestepProj.dim() == 4;
    const at::Tensor table = m_scaleShiftTable.to(at::kFloat);
    // [B, 6, D] (parts [B, 1, D]) or [B, S, 6, D] (parts [B, S, D])
    const at::Tensor modulation = (isPerToken ? table.unsqueeze(0) : table) + timestepProj.to(at::kFloat);
    auto part = [&](std::int64_t i) { return isPerToken ? modulation.select(2, i) : modulation.narrow(1, i, 1); };
    const at::Tensor shift = part(0), scale = part(1), gate = part(2);
    const at::Tensor cShift = part(3), cScale = part(4), cGate = part(5);

    at::Tensor x = xIn;
    // 1. self-attention
    const at::Tensor attn = m_attn1->forward(modulated(*m_norm1, x, scale, shift), nullptr, &rope, options);
    x = (x.to(at::kFloat) + attn * gate).to(x.scalar_type());
    // 2. cross-attention (norm2 is nn.Identity without cross_attn_norm)
    const at::Tensor normed = m_norm2 ? fp32Norm(*m_norm2, x).to(x.scalar_type()) : x;
    x = x + m_attn2->forward(normed, &context, nullptr, options);
    // 3. feed-forward
    const at::Tensor ff = m_ffn->forward(modulated(*m_norm3, x, cScale, cShift));
    return (x.to(at::kFloat) + ff.to(at::kFloat) * cGate).to(x.scalar_type());
}

} // namespace framesmith
