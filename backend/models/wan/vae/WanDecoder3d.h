#pragma once
// diffusers WanDecoder3d (Wan 2.1 VAE): conv_in, mid_block, up_blocks (widths dim_mult reversed;
// after the first block the input width halves, as the upsamplers halve it; "upsample3d" where the
// reversed temperal_downsample says so), norm_out + SiLU, conv_out. Runs one latent frame against
// the cache.
#include "models/wan/vae/WanMidBlock.h"
#include "models/wan/vae/WanUpBlock.h"
#include "models/wan/vae/WanVaeConfig.h"

#include <memory>

namespace framesmith {

class WanDecoder3d : public Module {
public:
    explicit WanDecoder3d(const WanVaeConfig& config);
    at::Tensor forward(const at::Tensor& frame, WanCausalCache& cache) const; // [B, z, 1, h, w] -> [B, 3, T', H, W]

private:
    std::shared_ptr<WanCausalConv3d> m_convIn, m_convOut;
    std::shared_ptr<WanMidBlock> m_mid;
    std::shared_ptr<ModuleList<WanUpBlock>> m_up;
    std::shared_ptr<WanRmsNorm> m_normOut;
};

} // namespace framesmith
