#pragma once
// diffusers CogVideoXSpatialNorm3D (children norm_layer, conv_y, conv_b): GroupNorm of the
// features, scaled and shifted per position by 1x1x1 convolutions of the latents zq.
#include "core/Layers.h"
#include "core/layers/CausalConv3d.h"
#include "core/GroupNormKernel.h"

namespace framesmith {

class CogVideoXVaeSpatialNorm3D : public Module {
public:
    CogVideoXVaeSpatialNorm3D(std::int64_t featureChannels, std::int64_t latentChannels, std::int64_t groups);

    // The plan that writes act(norm(f) * conv_y(zq') + conv_b(zq')), zq' = zq interpolated to f's
    // size (first frame on its own when f has an odd frame count > 1). f: [B, C, T, H, W].
    NormPlan plan(const at::Tensor& f, const at::Tensor& zq, bool applySilu) const;

private:
    SpatialModulation modulation(const at::Tensor& zq, std::int64_t frames, std::int64_t rows,
                                 std::int64_t columns) const;

    std::shared_ptr<GroupNorm> m_norm;
    std::shared_ptr<CausalConv3d> m_convY, m_convB;
};

} // namespace framesmith
