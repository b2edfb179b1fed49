#pragma once
// diffusers CogVideoXResnetBlock3D without time embedding (the VAE passes none): norm1, SiLU,
// conv1, norm2, SiLU, conv2, plus the input (through conv_shortcut when channels change).
// norm1/norm2 are GroupNorms in the encoder and SpatialNorm3Ds (conditioned on zq) in the decoder.
#include "core/Layers.h"
#include "core/layers/CausalConv3d.h"
#include "models/cogvideox/vae/CogVideoXVaeSpatialNorm3D.h"

namespace framesmith {

class CogVideoXVaeResnetBlock3D : public Module {
public:
    // spatialNormChannels: 0 for GroupNorm (encoder), the latent channel count for SpatialNorm3D.
    CogVideoXVaeResnetBlock3D(std::int64_t in, std::int64_t out, std::int64_t groups, double eps,
                              std::int64_t spatialNormChannels);

    // x: [B, in, T, H, W] (pass with std::move so it is freed early); zq undefined in the encoder.
    at::Tensor forward(at::Tensor x, const at::Tensor& zq, CausalConvCache& cache) const;

private:
    NormPlan normPlan(int which, const at::Tensor& src, const at::Tensor& zq) const;

    std::int64_t m_in, m_out;
    std::shared_ptr<GroupNorm> m_groupNorm1, m_groupNorm2;
    std::shared_ptr<CogVideoXVaeSpatialNorm3D> m_spatialNorm1, m_spatialNorm2;
    std::shared_ptr<CausalConv3d> m_conv1, m_conv2;
    std::shared_ptr<Conv3d> m_shortcut; // 1x1x1, only when in != out
};

} // namespace framesmith
