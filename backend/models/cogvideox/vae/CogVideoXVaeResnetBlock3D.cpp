#include "models/cogvideox/vae/CogVideoXVaeResnetBlock3D.h"

#include "core/VaeConvolution.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {
const CausalConvOptions kResnetConv3 = CausalConvOptions::cube(3, CausalPadding::FirstFrame); // diffusers CogVideoXCausalConv3d
} // namespace

CogVideoXVaeResnetBlock3D::CogVideoXVaeResnetBlock3D(std::int64_t in, std::int64_t out, std::int64_t groups,
                                                     double eps, std::int64_t spatialNormChannels)
    : m_in(in), m_out(out)
{
    if (spatialNormChannels > 0) {
        m_spatialNorm1 = registerModule("norm1", std::make_shared<CogVideoXVaeSpatialNorm3D>(in, spatialNormChannels, groups));
        m_spatialNorm2 = registerModule("norm2", std::make_shared<CogVideoXVaeSpatialNorm3D>(out, spatialNormChannels, groups));
    } else {
        m_groupNorm1 = registerModule("norm1", std::make_shared<GroupNorm>(groups, in, eps));
        m_groupNorm2 = registerModule("norm2", std::make_shared<GroupNorm>(groups, out, eps));
    }
    m_conv1 = registerModule("conv1", std::make_shared<CausalConv3d>(in, out, kResnetConv3));
    m_conv2 = registerModule("conv2", std::make_shared<CausalConv3d>(out, out, kResnetConv3));
    if (in != out)
        m_shortcut = registerModule("conv_shortcut", std::make_shared<Conv3d>(in, out, std::array<std::int64_t, 3>{1, 1, 1}));
}

NormPlan CogVideoXVaeResnetBlock3D::normPlan(int which, const at::Tensor& src, const at::Tensor& zq) const
{
    const auto& spatial = which == 1 ? m_spatialNorm1 : m_spatialNorm2;
    if (spatial)
        return spatial->plan(src, zq, true);
    const auto& norm = which == 1 ? m_groupNorm1 : m_groupNorm2;
    return NormPlan::groupNorm({norm->groups(), norm->eps(), norm->weight, norm->bias}, src, true);
}

at::Tensor CogVideoXVaeResnetBlock3D::forward(at::Tensor x, const at::Tensor& zq, CausalConvCache& cache) const
{
    // When the shortcut shrinks the channels, take it before conv1 and let x go with conv1's
    // input; otherwise keep x to the end (it is the residual, or smaller than it).
    const bool residualFirst = !m_shortcut || m_out <= m_in;
    at::Tensor residual;
    if (residualFirst)
        residual = m_shortcut ? VaeConvolution::run(x, m_shortcut->weight, m_shortcut->bias, {1, 1, 1}, {0, 0, 0}) : x;
    const NormPlan plan1 = normPlan(1, x, zq);
    auto fill1 = [&](at::Tensor& dst, const at::Tensor& src, std::int64_t begin) { plan1.apply(dst, src, begin); };
    at::Tensor h = m_conv1->forward(residualFirst ? std::move(x) : x, fill1, cache);
    const NormPlan plan2 = normPlan(2, h, zq);
    auto fill2 = [&](at::Tensor& dst, const at::Tensor& src, std::int64_t begin) { plan2.apply(dst, src, begin); };
    h = m_conv2->forward(std::move(h), fill2, cache);
    if (!residualFirst) {
        residual = VaeConvolution::run(x, m_shortcut->weight, m_shortcut->bias, {1, 1, 1}, {0, 0, 0});
        x.reset();
    }
    h.add_(residual); // diffusers: hidden_states + inputs
    return h;
}

} // namespace framesmith
