#include "models/cogvideox/vae/CogVideoXVaeDecoder3D.h"

namespace framesmith {

namespace {
const CausalConvOptions kConv3 = CausalConvOptions::cube(3, CausalPadding::FirstFrame); // diffusers CogVideoXCausalConv3d
} // namespace

CogVideoXVaeDecoder3D::CogVideoXVaeDecoder3D(const CogVideoXVaeConfig& c)
    : m_spatialScale(c.spatialCompression())
{
    std::vector<std::int64_t> channels(c.blockOutChannels.rbegin(), c.blockOutChannels.rend());
    m_convIn = registerModule("conv_in", std::make_shared<CausalConv3d>(c.latentChannels, channels.front(), kConv3));
    m_midBlock = registerModule("mid_block", std::make_shared<CogVideoXVaeMidBlock3D>(
                                                 channels.front(), 2, c.normNumGroups, c.normEps, c.latentChannels));
    m_upBlocks = registerModule("up_blocks", std::make_shared<ModuleList<CogVideoXVaeUpBlock3D>>());
    for (std::size_t i = 0; i < channels.size(); ++i) {
        const std::int64_t in = i == 0 ? channels.front() : channels[i - 1];
        const bool isFinal = i + 1 == channels.size();
        const bool compressTime = static_cast<int>(i) < c.temporalCompressLevel();
        m_upBlocks->append(std::make_shared<CogVideoXVaeUpBlock3D>(in, channels[i], c.layersPerBlock + 1,
                                                                   c.normNumGroups, c.normEps, c.latentChannels,
                                                                   !isFinal, compressTime));
    }
    m_normOut = registerModule("norm_out", std::make_shared<CogVideoXVaeSpatialNorm3D>(channels.back(), c.latentChannels,
                                                                                      c.normNumGroups));
    m_convOut = registerModule("conv_out", std::make_shared<CausalConv3d>(channels.back(), c.outChannels, kConv3));
}

at::Tensor CogVideoXVaeDecoder3D::forward(const at::Tensor& latents, CausalConvCache& cache) const
{
    // The spatial norms are conditioned on this batch's latents (diffusers passes `sample`).
    at::Tensor zq = latents.contiguous();
    at::Tensor h = m_convIn->forward(zq, cache);
    h = m_midBlock->forward(std::move(h), zq, cache);
    for (std::size_t i = 0; i < m_upBlocks->size(); ++i)
        h = (*m_upBlocks)[i].forward(std::move(h), zq, cache);
    const NormPlan plan = m_normOut->plan(h, zq, true);
    auto fill = [&](at::Tensor& dst, const at::Tensor& src, std::int64_t begin) { plan.apply(dst, src, begin); };
    return m_convOut->forward(std::move(h), fill, cache);
}

std::int64_t CogVideoXVaeDecoder3D::framesOut(std::int64_t latentFrames) const
{
    std::int64_t frames = latentFrames;
    for (std::size_t i = 0; i < m_upBlocks->size(); ++i)
        frames = (*m_upBlocks)[i].framesOut(frames);
    return frames;
}

} // namespace framesmith
