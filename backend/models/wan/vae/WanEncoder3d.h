#pragma once
// diffusers WanEncoder3d: conv_in, down_blocks, mid_block, norm_out + SiLU, conv_out to 2·z_dim
// channels. Wan 2.1: a flat list of residual blocks with a downsample after each level but the
// last ("downsample3d" where temperal_downsample says so); Wan 2.2 (is_residual): one
// WanResidualDownBlock per level. Runs one chunk of frames against the cache.
#include "core/ModuleGroup.h"
#include "models/wan/vae/WanMidBlock.h"
#include "models/wan/vae/WanResample.h"
#include "models/wan/vae/WanResidualDownBlock.h"
#include "models/wan/vae/WanVaeConfig.h"

#include <memory>
#include <vector>

namespace framesmith {

class WanEncoder3d : public Module {
public:
    explicit WanEncoder3d(const WanVaeConfig& config);
    at::Tensor forward(const at::Tensor& chunk, WanCausalCache& cache) const; // [B, 3, T, H, W] -> [B, 2z, T', h, w]

private:
    struct DownLayer {
        std::shared_ptr<WanResidualBlock> resnet; // one of the three
        std::shared_ptr<WanResample> resample;
        std::shared_ptr<WanResidualDownBlock> residual;
    };

    std::shared_ptr<CausalConv3d> m_convIn, m_convOut;
    std::vector<DownLayer> m_down;
    std::shared_ptr<WanMidBlock> m_mid;
    std::shared_ptr<WanRmsNorm> m_normOut;
};

} // namespace framesmith
