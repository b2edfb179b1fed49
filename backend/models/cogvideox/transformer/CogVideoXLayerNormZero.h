#pragma once
// diffusers CogVideoXLayerNormZero: one LayerNorm shared by text and video tokens, with separate
// adaptive modulation for each. Chunk order (shift, scale, gate, enc_shift, enc_scale, enc_gate).
#include "core/Layers.h"

namespace framesmith {

struct JointModulation {
    at::Tensor normed;   // [B, T + N, D] text tokens first, modulated
    at::Tensor gate;     // [B, 1, D] video gate
    at::Tensor textGate; // [B, 1, D]
};

class CogVideoXLayerNormZero : public Module {
public:
    CogVideoXLayerNormZero(int conditioningDim, int dim, bool elementwiseAffine, double eps);
    // joint: [B, T + N, D] (text tokens then video tokens); temb: [B, E].
    JointModulation forward(const at::Tensor& joint, std::int64_t textTokens, const at::Tensor& temb) const;

private:
    std::shared_ptr<Linear> m_linear;
    std::shared_ptr<LayerNorm> m_norm;
};

} // namespace framesmith
