#pragma once
// diffusers WanTransformerBlock (0.36): adaLN with the six-way table (shift, scale, gate, c_shift,
// c_scale, c_gate) = scale_shift_table + timestep_proj in float32; self-attention on
// norm1(x)·(1 + scale) + shift, x += attn·gate; cross-attention on norm2(x) (affine LayerNorm when
// cross_attn_norm), no gate; FFN (GELU tanh) on norm3(x)·(1 + c_scale) + c_shift, x += ffn·c_gate.
// The original checkpoints call norm2/norm3 the other way round; these are diffusers' names.
// forward is const; any thread after loading.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "core/layers/FeedForward.h"
#include "models/wan/transformer/WanAttention.h"
#include "models/wan/transformer/WanTransformerConfig.h"

#include <memory>

namespace framesmith {

class WanTransformerBlock : public Module {
public:
    explicit WanTransformerBlock(const WanTransformerConfig& config);

    // x [B, S, D]; context [B, L, D] (image rows first for Wan 2.1 I2V); timestepProj [B, 6, D]
    // (one timestep per sample) or [B, S, 6, D] (per-token timesteps, Wan 2.2 TI2V) -> [B, S, D]
    at::Tensor forward(const at::Tensor& x, const at::Tensor& context, const at::Tensor& timestepProj,
                       const WanAttention::Rope& rope, const AttentionOptions& options) const;

private:
    at::Tensor fp32Norm(const LayerNorm& norm, const at::Tensor& x) const;
    at::Tensor modulated(const LayerNorm& norm, const at::Tensor& x, const at::Tensor& scale,
                         const at::Tensor& shift) const;

    std::shared_ptr<LayerNorm> m_norm1, m_norm2, m_norm3; // m_norm2 null without cross_attn_norm
    std::shared_ptr<WanAttention> m_attn1, m_attn2;
    std::shared_ptr<FeedForward> m_ffn;
    at::Tensor m_scaleShiftTable; // [1, 6, D]
    double m_eps;
};

} // namespace framesmith
