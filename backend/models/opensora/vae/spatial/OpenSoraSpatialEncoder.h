#pragma once
// diffusers Encoder (vae.py) of the 2-D VAE: conv_in, down_blocks, mid_block, conv_norm_out, act,
// conv_out to 2 x latent_channels (mean and log-variance).
#include "models/opensora/vae/spatial/OpenSoraSpatialDownBlock.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialMidBlock.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVaeConfig.h"

namespace framesmith {

class OpenSoraSpatialEncoder : public Module {
public:
    explicit OpenSoraSpatialEncoder(const OpenSoraSpatialVaeConfig& config);
    at::Tensor forward(const at::Tensor& x, const OpenSoraSpatialWindows& windows) const; // [B, 3, H, W] -> [B, 2L, H/f, W/f]

private:
    bool m_isRelu;
    std::shared_ptr<Conv2d> m_convIn, m_convOut;
    std::shared_ptr<ModuleList<OpenSoraSpatialDownBlock>> m_downBlocks;
    std::shared_ptr<OpenSoraSpatialMidBlock> m_midBlock;
    std::shared_ptr<GroupNorm> m_convNormOut;
};

} // namespace framesmith
