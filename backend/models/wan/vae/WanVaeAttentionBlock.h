#pragma once
// diffusers WanAttentionBlock: single-head self-attention over each frame's h·w pixels (norm,
// to_qkv 1x1, attention, proj 1x1, residual); no temporal mixing, so no cache. forward is const.
#include "core/ChunkedAttention.h"
#include "core/Layers.h"
#include "models/wan/vae/WanRmsNorm.h"

#include <memory>

namespace framesmith {

class WanVaeAttentionBlock : public Module {
public:
    explicit WanVaeAttentionBlock(std::int64_t dim);
    at::Tensor forward(const at::Tensor& x) const; // [B, C, T, H, W]

private:
    std::shared_ptr<WanRmsNorm> m_norm;
    std::shared_ptr<Conv2d> m_toQkv, m_proj;
};

} // namespace framesmith
