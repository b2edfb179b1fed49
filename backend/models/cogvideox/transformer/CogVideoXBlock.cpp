#include "models/cogvideox/transformer/CogVideoXBlock.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

// x[:, :T] += textGate * update[:, :T]; x[:, T:] += gate * update[:, T:] (update is scratch).
void addGated(at::Tensor& joint, at::Tensor& update, std::int64_t textTokens, const JointModulation& m)
{
    const std::int64_t videoTokens = joint.size(1) - textTokens;
    update.narrow(1, 0, textTokens).mul_(m.textGate);
    update.narrow(1, textTokens, videoTokens).mul_(m.gate);
    joint.add_(update);
}

} // namespace

CogVideoXBlock::CogVideoXBlock(const CogVideoXTransformerConfig& c)
{
    const int dim = c.innerDim();
    m_norm1 = registerModule("norm1", std::make_shared<CogVideoXLayerNormZero>(c.timeEmbedDim, dim,
                                                                               c.normElementwiseAffine, c.normEps));
    m_attn1 = registerModule("attn1", std::make_shared<CogVideoXAttention>(dim, c.numAttentionHeads,
                                                                           c.attentionHeadDim, c.attentionBias));
    m_norm2 = registerModule("norm2", std::make_shared<CogVideoXLayerNormZero>(c.timeEmbedDim, dim,
                                                                               c.normElementwiseAffine, c.normEps));
    m_ff = registerModule("ff", std::make_shared<CogVideoXFeedForward>(dim, 4 * dim, c.activationFn == "gelu-approximate"));
}

at::Tensor CogVideoXBlock::forward(at::Tensor joint, std::int64_t textTokens, const at::Tensor& temb,
                                   const std::optional<RotaryEmbedding>& rope, const AttentionOptions& options) const
{
    // The normalised inputs are moved into attention and feed-forward, which free them as soon as
    // they are projected: fewer [B, S, D] tensors live at each phase's peak.
    JointModulation m1 = m_norm1->forward(joint, textTokens, temb);
    at::Tensor attn = m_attn1->forward(std::move(m1.normed), textTokens, rope, options);
    addGated(joint, attn, textTokens, m1);
    attn.reset();
    JointModulation m2 = m_norm2->forward(joint, textTokens, temb);
    at::Tensor ff = m_ff->forward(std::move(m2.normed));
    addGated(joint, ff, textTokens, m2);
    return joint;
}

} // namespace framesmith
