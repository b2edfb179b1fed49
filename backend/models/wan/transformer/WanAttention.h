#pragma once
// diffusers WanAttention + WanAttnProcessor (0.36): q/k/v projections, q and k RMS-normed over the
// whole inner dim (across heads) before the head split, interleaved RoPE on q/k for self-attention,
// unmasked attention, to_out.0. With added_kv_proj_dim (Wan 2.1 I2V cross-attention) the context's
// first rows − 512 rows are image tokens: they go through add_k_proj (k normed by norm_added_k) /
// add_v_proj, attended with the same queries, and the two results are summed before to_out.
// forward is const; any thread after loading.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "core/layers/RmsNorm.h"

#include <memory>
#include <optional>
#include <utility>

namespace framesmith {

class WanAttention : public Module {
public:
    using Rope = std::pair<at::Tensor, at::Tensor>; // cos, sin [1, S, 1, head_dim]

    // The text encoder's context length, hard-coded in WanAttnProcessor ("512 is the context length
    // of the text encoder, hardcoded for now"): rows before the last 512 are image tokens.
    static constexpr std::int64_t kTextContextLength = 512;

    WanAttention(std::int64_t dim, std::int64_t heads, double eps, std::optional<std::int64_t> addedKvProjDim);

    // x [B, S, dim]; context [B, L, dim] (nullptr: self-attention on x); rope for self-attention.
    // -> [B, S, dim]
    at::Tensor forward(const at::Tensor& x, const at::Tensor* context, const Rope* rope,
                       const AttentionOptions& options) const;

private:
    at::Tensor attend(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionOptions& options) const;
    at::Tensor heads(const at::Tensor& x) const; // [B, S, H·d] -> [B, S, H, d]

    std::int64_t m_heads;
    std::shared_ptr<Linear> m_toQ, m_toK, m_toV, m_toOut;
    std::shared_ptr<RmsNorm> m_normQ, m_normK;
    std::shared_ptr<Linear> m_addK, m_addV; // null without added_kv_proj_dim
    std::shared_ptr<RmsNorm> m_normAddedK;
};

} // namespace framesmith
