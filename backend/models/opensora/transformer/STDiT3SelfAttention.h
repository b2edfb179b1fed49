#pragma once
// Open-Sora Attention (`attn` of every STDiT3 block): fused qkv projection, per-head RMSNorm on q
// and k (qk_norm), RoPE on q and k after the norm (temporal blocks), softmax(q·kᵀ/√d)·v and the
// output projection. Attention goes through ChunkedAttention (SDPA on libtorch 2.x, query chunks
// under a score budget on 1.13), so the [n, n] scores are never held whole.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "core/layers/RmsNorm.h"
#include "models/opensora/transformer/STDiT3Rope.h"

namespace framesmith {

class STDiT3SelfAttention : public Module {
public:
    STDiT3SelfAttention(std::int64_t dim, std::int64_t heads, bool qkNorm);
    // x [sequences, n, dim] -> [sequences, n, dim]; rope rotates along n when given.
    // Takes x by value and drops it once projected (callers move their copy in).
    at::Tensor forward(at::Tensor x, const STDiT3Rope* rope, const AttentionOptions& options) const;

private:
    std::int64_t m_heads;
    std::int64_t m_headDim;
    std::shared_ptr<Linear> m_qkv;
    std::shared_ptr<RmsNorm> m_qNorm; // null without qk_norm (nn.Identity)
    std::shared_ptr<RmsNorm> m_kNorm; // Open-Sora LlamaRMSNorm over each head, eps 1e-6
    std::shared_ptr<Linear> m_proj;
};

} // namespace framesmith
