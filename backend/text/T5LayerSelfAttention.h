#pragma once
// layer.0 of a T5 block: pre-norm self-attention with a residual connection.
#include "text/T5Attention.h"
#include "text/T5LayerNorm.h"

namespace framesmith {

class T5LayerSelfAttention : public Module {
public:
    T5LayerSelfAttention(const T5Config& config, bool hasRelativeAttentionBias);
    at::Tensor forward(const at::Tensor& x, const at::Tensor& positionBias) const; // [B, L, D]
    const T5Attention& selfAttention() const { return *m_selfAttention; }

private:
    std::shared_ptr<T5Attention> m_selfAttention;
    std::shared_ptr<T5LayerNorm> m_layerNorm;
};

} // namespace framesmith
