#pragma once
// The 2-D VAE mid-block's self-attention (diffusers Attention with AttnProcessor2_0, one head of
// head_dim = channels, group_norm first, residual added, rescale 1). Children: group_norm, to_q,
// to_k, to_v, to_out.0. Scores are computed in query chunks within a byte budget.
#include "core/Layers.h"

namespace framesmith {

class OpenSoraSpatialAttention : public Module {
public:
    OpenSoraSpatialAttention(std::int64_t channels, std::int64_t groups);

    // x [B, C, H, W] -> [B, C, H, W]
    at::Tensor forward(const at::Tensor& x, std::int64_t scoreBudgetBytes) const;

private:
    std::shared_ptr<GroupNorm> m_groupNorm;
    std::shared_ptr<Linear> m_toQ, m_toK, m_toV, m_toOut;
};

} // namespace framesmith
