#pragma once
// diffusers WanResidualBlock: shortcut (1x1x1 causal conv when the width changes) + norm1, SiLU,
// conv1, norm2, SiLU, conv2 (both cached causal 3x3x3 convs). forward is const.
#include "models/wan/vae/WanCausalConv3d.h"
#include "models/wan/vae/WanRmsNorm.h"

#include <memory>

namespace framesmith {

class WanResidualBlock : public Module {
public:
    WanResidualBlock(std::int64_t in, std::int64_t out);
    at::Tensor forward(const at::Tensor& x, WanCausalCache& cache) const; // [B, in, T, H, W] -> [B, out, ...]

private:
    std::shared_ptr<WanRmsNorm> m_norm1, m_norm2;
    std::shared_ptr<CausalConv3d> m_conv1, m_conv2, m_shortcut; // m_shortcut null when in == out
};

} // namespace framesmith
