#pragma once
// diffusers CogVideoXEncoder3D: conv_in, down_blocks, mid_block, norm_out + SiLU, conv_out.
// forward() runs one frame batch; the causal-conv cache carries the past between batches.
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeDownBlock3D.h"
#include "models/cogvideox/vae/CogVideoXVaeMidBlock3D.h"

namespace framesmith {

class CogVideoXVaeEncoder3D : public Module {
public:
    explicit CogVideoXVaeEncoder3D(const CogVideoXVaeConfig& config);

    // [B, in_channels, T, H, W] -> [B, 2 * latent_channels, T', H', W'] (mean and log-variance)
    at::Tensor forward(const at::Tensor& frames, CausalConvCache& cache) const;
    std::int64_t framesOut(std::int64_t frames) const;
    std::int64_t sizeOut(std::int64_t pixels) const; // height or width after the downsamplers

private:
    std::shared_ptr<CausalConv3d> m_convIn, m_convOut;
    std::shared_ptr<ModuleList<CogVideoXVaeDownBlock3D>> m_downBlocks;
    std::shared_ptr<CogVideoXVaeMidBlock3D> m_midBlock;
    std::shared_ptr<GroupNorm> m_normOut;
};

} // namespace framesmith
