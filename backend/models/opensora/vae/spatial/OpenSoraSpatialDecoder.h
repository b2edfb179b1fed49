#pragma once
// diffusers Decoder (vae.py) of the 2-D VAE: conv_in, mid_block, up_blocks (reversed channels,
// layers_per_block + 1 resnets each), conv_norm_out, act, conv_out.
#include "models/opensora/vae/spatial/OpenSoraSpatialMidBlock.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialUpBlock.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVaeConfig.h"

namespace framesmith {

class OpenSoraSpatialDecoder : public Module {
public:
    explicit OpenSoraSpatialDecoder(const OpenSoraSpatialVaeConfig& config);
    at::Tensor forward(const at::Tensor& z, const OpenSoraSpatialWindows& windows) const; // [B, L, h, w] -> [B, 3, fh, fw]

private:
    bool m_isRelu;
    std::shared_ptr<Conv2d> m_convIn, m_convOut;
    std::shared_ptr<OpenSoraSpatialMidBlock> m_midBlock;
    std::shared_ptr<ModuleList<OpenSoraSpatialUpBlock>> m_upBlocks;
    std::shared_ptr<GroupNorm> m_convNormOut;
};

} // namespace framesmith
