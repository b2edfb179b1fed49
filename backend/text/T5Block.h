#pragma once
// One T5 encoder block: layer.0 self-attention, layer.1 feed-forward; inf-clamping after each in
// float16 only, as transformers T5Block does.
#include "text/T5LayerFF.h"
#include "text/T5LayerSelfAttention.h"

namespace framesmith {

class T5Block : public Module {
public:
    T5Block(const T5Config& config, bool hasRelativeAttentionBias);
    at::Tensor forward(const at::Tensor& x, const at::Tensor& positionBias) const; // [B, L, D]
    const T5LayerSelfAttention& selfAttentionLayer() const { return *m_selfAttention; }
    T5LayerFF& feedForwardLayer() const { return *m_feedForward; }

private:
    std::shared_ptr<T5LayerSelfAttention> m_selfAttention;
    std::shared_ptr<T5LayerFF> m_feedForward;
};

} // namespace framesmith
