#pragma once
// diffusers WanDecoder3d: conv_in, mid_block, up_blocks (widths dim_mult reversed, "upsample3d"
// where the reversed temperal_downsample says so), norm_out + SiLU, conv_out. Wan 2.1: WanUpBlocks,
// whose upsamplers halve the width (so the next block's input is half); Wan 2.2 (is_residual):
// WanResidualUpBlocks. Runs one latent frame against the cache.
#include "models/wan/vae/WanMidBlock.h"
#include "core/ModuleGroup.h"
#include "models/wan/vae/WanResidualUpBlock.h"
#include "models/wan/vae/WanUpBlock.h"
#include "models/wan/vae/WanVaeConfig.h"

#include <memory>
#include <vector>

namespace framesmith {

class WanDecoder3d : public Module {
public:
    explicit WanDecoder3d(const WanVaeConfig& config);
    // [B, z, 1, h, w] -> [B, out_channels, T', H, W]; isFirstChunk for the clip's first latent frame
    at::Tensor forward(const at::Tensor& frame, WanCausalCache& cache, bool isFirstChunk) const;

private:
    std::shared_ptr<CausalConv3d> m_convIn, m_convOut;
    std::shared_ptr<WanMidBlock> m_mid;
    struct UpLayer {
        std::shared_ptr<WanUpBlock> plain; // one of the two
        std::shared_ptr<WanResidualUpBlock> residual;
    };
    std::vector<UpLayer> m_up;
    std::shared_ptr<WanRmsNorm> m_normOut;
};

} // namespace framesmith
