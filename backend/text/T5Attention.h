#pragma once
// T5 self-attention: no 1/sqrt(d_kv) scaling, an additive relative-position bias that block 0
// computes (relative_attention_bias) and every later block reuses (UMT5: every block computes its
// own), softmax in float32.
#include "core/Layers.h"
#include "text/T5Config.h"

#include <memory>

namespace framesmith {

class T5Attention : public Module {
public:
    T5Attention(const T5Config& config, bool hasRelativeAttentionBias);

    // x [B, L, D]; positionBias [1 or B, H, L, L] (mask included) -> [B, L, D].
    at::Tensor forward(const at::Tensor& x, const at::Tensor& positionBias) const;
    // [1, H, queryLength, keyLength] in the bias weight's dtype, on its device.
    at::Tensor computeBias(std::int64_t queryLength, std::int64_t keyLength) const;
    bool hasRelativeAttentionBias() const { return static_cast<bool>(m_relativeAttentionBias); }

    // transformers T5Attention._relative_position_bucket (bidirectional for the encoder).
    static at::Tensor relativePositionBucket(const at::Tensor& relativePosition, bool bidirectional,
                                             std::int64_t numBuckets, std::int64_t maxDistance);

private:
    T5Config m_config;
    std::shared_ptr<Linear> m_q, m_k, m_v, m_o;
    std::shared_ptr<Embedding> m_relativeAttentionBias; // [numBuckets, H], block 0 only (UMT5: every block)
};

} // namespace framesmith
