#pragma once
// Open-Sora MultiHeadCrossAttention (`cross_attn`): q from the video tokens, k and v from the
// caption rows (kv_linear: the first hidden features are k, the next v), scale head_dim^-0.5, no
// q/k norm; sample b's tokens see only sample b's rows. k and v are projected once per block
// (keyValues) and reused for every chunk of video tokens the block processes.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "models/opensora/transformer/STDiT3TextTokens.h"

#include <vector>

namespace framesmith {

class STDiT3CrossAttention : public Module {
public:
    struct KeyValues {
        std::vector<at::Tensor> keys;   // [B, H, L, D] once when every sample has L rows, else per sample [1, H, L_b, D]
        std::vector<at::Tensor> values;
    };

    STDiT3CrossAttention(std::int64_t dim, std::int64_t heads);
    KeyValues keyValues(const STDiT3TextTokens& text) const;
    // x [B, n, dim] (any subset of the video tokens of all B samples) -> [B, n, dim].
    at::Tensor forward(const at::Tensor& x, const KeyValues& kv, const AttentionOptions& options) const;

private:
    at::Tensor headMajor(const at::Tensor& rows) const; // [S, L, dim] -> [S, heads, L, head_dim]
    std::int64_t m_heads;
    std::int64_t m_headDim;
    std::shared_ptr<Linear> m_qLinear;
    std::shared_ptr<Linear> m_kvLinear;
    std::shared_ptr<Linear> m_proj;
};

} // namespace framesmith
