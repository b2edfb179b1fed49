#include "models/opensora/transformer/STDiT3Block.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <optional>

namespace framesmith {

struct STDiT3Block::Modulation {
    at::Tensor shiftMsa, scaleMsa, gateMsa, shiftMlp, scaleMlp, gateMlp; // [B, 1, 1, hidden]
};

namespace {

// LayerNorm(hidden, eps=1e-6, elementwise_affine=False), then t2i_modulate: x·(1 + scale) + shift.
at::Tensor modulate(const at::Tensor& x, const at::Tensor& shift, const at::Tensor& scale)
{
    at::Tensor normed = at::layer_norm(x, {x.size(-1)}, {}, {}, 1e-6);
    return normed.mul_(1 + scale).add_(shift);
}

// t_mask_select: frames whose mask is False take the timestep-0 variant.
at::Tensor selectFrames(const at::Tensor& mask, const at::Tensor& kept, const at::Tensor& zero)
{
    return at::where(mask, kept, zero);
}

} // namespace

STDiT3Block::STDiT3Block(const STDiT3Config& config, bool temporal) : m_config(config), m_temporal(temporal)
{
    const std::int64_t dim = config.hiddenSize;
    m_attn = registerModule("attn", std::make_shared<STDiT3SelfAttention>(dim, config.numHeads, config.qkNorm));
    m_crossAttn = registerModule("cross_attn", std::make_shared<STDiT3CrossAttention>(dim, config.numHeads));
    m_mlp = registerModule("mlp", std::make_shared<STDiT3Mlp>(dim, config.mlpHidden(), dim));
    registerParameter("scale_shift_table", &scaleShiftTable, {6, dim});
}

std::int64_t STDiT3Block::workingBytesPerToken(const STDiT3Config& config, std::int64_t elementBytes)
{
    // Self-attention: the fused qkv (3C) with v (C), q (C) and k being normalised (C) — 6C; the
    // MLP: its input, fc1's hidden features and fc2's output. The frame mask's t0 variants and
    // selections (at most 4C at a time) fit under either.
    const std::int64_t C = config.hiddenSize;
    return elementBytes * std::max<std::int64_t>(6 * C, config.mlpHidden() + 2 * C);
}

std::int64_t STDiT3Block::chunkTokens(const STDiT3Config& config, std::int64_t elementBytes, std::int64_t chunkBytes)
{
    return std::max<std::int64_t>(1, chunkBytes / workingBytesPerToken(config, elementBytes));
}

std::int64_t STDiT3Block::groupSize(const STDiT3BlockContext& c, std::int64_t groups, std::int64_t tokensPerGroup) const
{
    const std::int64_t tokens = chunkTokens(m_config, c.tMlp.element_size(), c.chunkBytes);
    return std::clamp<std::int64_t>(tokens / std::max<std::int64_t>(tokensPerGroup, 1), 1, groups);
}

STDiT3Block::Modulation STDiT3Block::modulation(const at::Tensor& tMlp) const
{
    const std::int64_t B = tMlp.size(0), C = m_config.hiddenSize;
    // (scale_shift_table[None] + t.reshape(B, 6, -1)).chunk(6, dim=1)
    at::Tensor all = scaleShiftTable.unsqueeze(0) + tMlp.view({B, 6, C});
    auto part = [&](int i) { return all.select(1, i).view({B, 1, 1, C}); };
    return Modulation{part(0), part(1), part(2), part(3), part(4), part(5)};
}

void STDiT3Block::forward(at::Tensor& x, const STDiT3BlockContext& c) const
{
    const std::int64_t B = x.size(0), C = x.size(2);
    at::Tensor x4 = x.view({B, c.frames, c.tokensPerFrame, C}); // shares x's storage: updates land in x
    const Modulation m = modulation(c.tMlp);
    std::optional<Modulation> m0;
    if (c.t0Mlp.defined())
        m0 = modulation(c.t0Mlp);
    attentionPhase(x4, c, m, m0 ? &*m0 : nullptr);
    crossAttentionPhase(x4, c);
    mlpPhase(x4, c, m, m0 ? &*m0 : nullptr);
}

void STDiT3Block::attentionPhase(at::Tensor& x4, const STDiT3BlockContext& c, const Modulation& m,
                                 const Modulation* m0) const
{
    const std::int64_t B = x4.size(0), T = x4.size(1), S = x4.size(2), C = x4.size(3);
    // Spatial blocks attend within a frame (chunks of whole frames); temporal blocks along the
    // frames of one position (chunks of whole positions, all frames each).
    const int axis = m_temporal ? 2 : 1;
    const std::int64_t groups = m_temporal ? S : T;
    const std::int64_t step = groupSize(c, groups, m_temporal ? B * T : B * S);
    for (std::int64_t g0 = 0; g0 < groups; g0 += step) {
        const std::int64_t n = std::min(step, groups - g0);
        at::Tensor xs = x4.narrow(axis, g0, n); // [B, T or n, n or S, C]
        at::Tensor mask;
        if (m0)
            mask = m_temporal ? c.xMask.view({B, T, 1, 1}) : c.xMask.narrow(1, g0, n).view({B, n, 1, 1});
        at::Tensor input = modulate(xs, m.shiftMsa, m.scaleMsa);
        if (m0)
            input = selectFrames(mask, input, modulate(xs, m0->shiftMsa, m0->scaleMsa));
        at::Tensor out;
        if (m_temporal) { // "B (T S) C -> (B S) T C"
            input = input.permute({0, 2, 1, 3}).reshape({B * n, T, C});
            out = m_attn->forward(std::move(input), c.rope, c.attention).view({B, n, T, C}).permute({0, 2, 1, 3});
        } else {          // "B (T S) C -> (B T) S C"
            at::Tensor frames = input.reshape({B * n, S, C}); // a view: the handle below is the last owner
            input.reset();
            out = m_attn->forward(std::move(frames), nullptr, c.attention).view({B, n, S, C});
        }
        at::Tensor gated = m.gateMsa * out;
        if (m0)
            gated = selectFrames(mask, gated, m0->gateMsa * out);
        out.reset();
        xs.add_(gated);
    }
}

void STDiT3Block::crossAttentionPhase(at::Tensor& x4, const STDiT3BlockContext& c) const
{
    const std::int64_t B = x4.size(0), T = x4.size(1), S = x4.size(2), C = x4.size(3);
    const STDiT3CrossAttention::KeyValues kv = m_crossAttn->keyValues(*c.text);
    const std::int64_t step = groupSize(c, T, B * S);
    for (std::int64_t t0 = 0; t0 < T; t0 += step) {
        const std::int64_t n = std::min(step, T - t0);
        at::Tensor xs = x4.narrow(1, t0, n);
        xs.add_(m_crossAttn->forward(xs.reshape({B, n * S, C}), kv, c.attention).view({B, n, S, C}));
    }
}

void STDiT3Block::mlpPhase(at::Tensor& x4, const STDiT3BlockContext& c, const Modulation& m,
                           const Modulation* m0) const
{
    const std::int64_t B = x4.size(0), T = x4.size(1), S = x4.size(2);
    const std::int64_t step = groupSize(c, T, B * S);
    for (std::int64_t t0 = 0; t0 < T; t0 += step) {
        const std::int64_t n = std::min(step, T - t0);
        at::Tensor xs = x4.narrow(1, t0, n);
        at::Tensor mask = m0 ? c.xMask.narrow(1, t0, n).view({B, n, 1, 1}) : at::Tensor();
        at::Tensor input = modulate(xs, m.shiftMlp, m.scaleMlp);
        if (m0)
            input = selectFrames(mask, input, modulate(xs, m0->shiftMlp, m0->scaleMlp));
        at::Tensor out = m_mlp->forward(input);
        input.reset();
        at::Tensor gated = m.gateMlp * out;
        if (m0)
            gated = selectFrames(mask, gated, m0->gateMlp * out);
        out.reset();
        xs.add_(gated);
    }
}

} // namespace framesmith
