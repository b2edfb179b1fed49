#include "models/cogvideox/vae/CogVideoXVaeSpatialNorm3D.h"

#include "core/VaeConvolution.h"
#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {
const CausalConvOptions kConv1 = CausalConvOptions::cube(1, CausalPadding::FirstFrame); // diffusers CogVideoXCausalConv3d
} // namespace

CogVideoXVaeSpatialNorm3D::CogVideoXVaeSpatialNorm3D(std::int64_t featureChannels, std::int64_t latentChannels,
                                                     std::int64_t groups)
{
    // diffusers hard-codes eps=1e-6 here, whatever the config's norm_eps.
    m_norm = registerModule("norm_layer", std::make_shared<GroupNorm>(groups, featureChannels, 1e-6));
    m_convY = registerModule("conv_y", std::make_shared<CausalConv3d>(latentChannels, featureChannels, kConv1));
    m_convB = registerModule("conv_b", std::make_shared<CausalConv3d>(latentChannels, featureChannels, kConv1));
}

SpatialModulation CogVideoXVaeSpatialNorm3D::modulation(const at::Tensor& zq, std::int64_t frames, std::int64_t rows,
                                                        std::int64_t columns) const
{
    const std::int64_t zFrames = zq.size(2);
    SpatialModulation mod;
    mod.frameOf.resize(frames);
    if (frames > 1 && frames % 2 == 1) {
        // diffusers: z_first -> f_first, z_rest -> f_rest, interpolated separately.
        if (zFrames < 2)
            throw ShapeError("VAE spatial norm: " + std::to_string(frames) + " feature frames from "
                             + std::to_string(zFrames) + " latent frame(s)");
        mod.frameOf[0] = 0;
        for (std::int64_t t = 1; t < frames; ++t)
            mod.frameOf[t] = 1 + nearestSourceIndex(t - 1, zFrames - 1, frames - 1);
    } else {
        for (std::int64_t t = 0; t < frames; ++t)
            mod.frameOf[t] = nearestSourceIndex(t, zFrames, frames);
    }
    mod.rowOf.resize(rows);
    for (std::int64_t h = 0; h < rows; ++h)
        mod.rowOf[h] = nearestSourceIndex(h, zq.size(3), rows);
    mod.columnOf.resize(columns);
    for (std::int64_t w = 0; w < columns; ++w)
        mod.columnOf[w] = nearestSourceIndex(w, zq.size(4), columns);
    // 1x1x1 convolutions commute with nearest interpolation: run them on the latent grid.
    mod.scale = VaeConvolution::run(zq, m_convY->weight(), m_convY->bias(), {1, 1, 1}, {0, 0, 0}).contiguous();
    mod.shift = VaeConvolution::run(zq, m_convB->weight(), m_convB->bias(), {1, 1, 1}, {0, 0, 0}).contiguous();
    return mod;
}

NormPlan CogVideoXVaeSpatialNorm3D::plan(const at::Tensor& f, const at::Tensor& zq, bool applySilu) const
{
    NormPlan plan = NormPlan::groupNorm({m_norm->groups(), m_norm->eps(), m_norm->weight, m_norm->bias}, f, applySilu);
    plan.modulation = modulation(zq, f.size(2), f.size(3), f.size(4));
    return plan;
}

} // namespace framesmith
