#include "models/cogvideox/vae/CogVideoXVaeEncoder3D.h"

#include "framesmith/Error.h"

namespace framesmith {

namespace {
const CausalConvOptions kEncoderConv3 = CausalConvOptions::cube(3, CausalPadding::FirstFrame); // diffusers CogVideoXCausalConv3d
} // namespace

CogVideoXVaeEncoder3D::CogVideoXVaeEncoder3D(const CogVideoXVaeConfig& c)
{
    const auto& channels = c.blockOutChannels;
    m_convIn = registerModule("conv_in", std::make_shared<CausalConv3d>(c.inChannels, channels.front(), kEncoderConv3));
    m_downBlocks = registerModule("down_blocks", std::make_shared<ModuleList<CogVideoXVaeDownBlock3D>>());
    for (std::size_t i = 0; i < channels.size(); ++i) {
        const std::int64_t in = i == 0 ? channels.front() : channels[i - 1];
        const bool isFinal = i + 1 == channels.size();
        const bool compressTime = static_cast<int>(i) < c.temporalCompressLevel();
        m_downBlocks->append(std::make_shared<CogVideoXVaeDownBlock3D>(in, channels[i], c.layersPerBlock, c.normNumGroups,
                                                                       c.normEps, !isFinal, compressTime));
    }
    m_midBlock = registerModule("mid_block", std::make_shared<CogVideoXVaeMidBlock3D>(channels.back(), 2, c.normNumGroups,
                                                                                     c.normEps, 0));
    // diffusers: nn.GroupNorm(norm_num_groups, C, eps=1e-6) regardless of norm_eps.
    m_normOut = registerModule("norm_out", std::make_shared<GroupNorm>(c.normNumGroups, channels.back(), 1e-6));
    m_convOut = registerModule("conv_out", std::make_shared<CausalConv3d>(channels.back(), 2 * c.latentChannels, kEncoderConv3));
}

at::Tensor CogVideoXVaeEncoder3D::forward(const at::Tensor& frames, CausalConvCache& cache) const
{
    at::Tensor h = m_convIn->forward(frames, cache);
    for (std::size_t i = 0; i < m_downBlocks->size(); ++i)
        h = (*m_downBlocks)[i].forward(std::move(h), cache);
    h = m_midBlock->forward(std::move(h), at::Tensor(), cache);
    const NormPlan plan =
        NormPlan::groupNorm({m_normOut->groups(), m_normOut->eps(), m_normOut->weight, m_normOut->bias}, h, true);
    auto fill = [&](at::Tensor& dst, const at::Tensor& src, std::int64_t begin) { plan.apply(dst, src, begin); };
    return m_convOut->forward(std::move(h), fill, cache);
}

std::int64_t CogVideoXVaeEncoder3D::framesOut(std::int64_t frames) const
{
    for (std::size_t i = 0; i < m_downBlocks->size(); ++i)
        frames = (*m_downBlocks)[i].framesOut(frames);
    return frames;
}

std::int64_t CogVideoXVaeEncoder3D::sizeOut(std::int64_t pixels) const
{
    // Each downsampler: pad 1 at the end, 3x3 conv stride 2 -> (s + 1 - 3) / 2 + 1.
    for (std::size_t i = 0; i + 1 < m_downBlocks->size(); ++i) {
        if (pixels < 2)
            throw ShapeError("VAE encode: a height or width too small to downsample (tile or video below 8 pixels)");
        pixels = (pixels - 2) / 2 + 1;
    }
    return pixels;
}

} // namespace framesmith
