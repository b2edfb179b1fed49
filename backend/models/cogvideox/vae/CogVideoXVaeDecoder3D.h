#pragma once
// diffusers CogVideoXDecoder3D: conv_in, mid_block, up_blocks (SpatialNorm3D conditioned on the
// latents of the same frame batch), norm_out (SpatialNorm3D) + SiLU, conv_out.
// forward() runs one frame batch; the causal-conv cache carries the past between batches.
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeMidBlock3D.h"
#include "models/cogvideox/vae/CogVideoXVaeUpBlock3D.h"

namespace framesmith {

class CogVideoXVaeDecoder3D : public Module {
public:
    explicit CogVideoXVaeDecoder3D(const CogVideoXVaeConfig& config);

    // [B, latent_channels, t, h, w] -> [B, out_channels, T, 8h, 8w]
    at::Tensor forward(const at::Tensor& latents, CausalConvCache& cache) const;
    std::int64_t framesOut(std::int64_t latentFrames) const;
    std::int64_t sizeOut(std::int64_t latentSize) const { return latentSize * m_spatialScale; }

private:
    std::shared_ptr<CausalConv3d> m_convIn, m_convOut;
    std::shared_ptr<CogVideoXVaeMidBlock3D> m_midBlock;
    std::shared_ptr<ModuleList<CogVideoXVaeUpBlock3D>> m_upBlocks;
    std::shared_ptr<CogVideoXVaeSpatialNorm3D> m_normOut;
    std::int64_t m_spatialScale;
};

} // namespace framesmith
