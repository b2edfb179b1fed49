#include "models/opensora/vae/spatial/OpenSoraSpatialEncoder.h"

#include "models/opensora/vae/spatial/OpenSoraRowConv.h"

namespace framesmith {

namespace {
std::shared_ptr<Conv2d> encoderConv3x3(std::int64_t in, std::int64_t out)
{
    return std::make_shared<Conv2d>(in, out, std::array<std::int64_t, 2>{3, 3}, std::array<std::int64_t, 2>{1, 1},
                                    std::array<std::int64_t, 2>{1, 1});
}
} // namespace

OpenSoraSpatialEncoder::OpenSoraSpatialEncoder(const OpenSoraSpatialVaeConfig& c) : m_isRelu(c.isReluActivation)
{
    const auto& channels = c.blockOutChannels;
    m_convIn = registerModule("conv_in", encoderConv3x3(c.inChannels, channels.front()));
    m_downBlocks = registerModule("down_blocks", std::make_shared<ModuleList<OpenSoraSpatialDownBlock>>());
    std::int64_t output = channels.front();
    for (std::size_t i = 0; i < channels.size(); ++i) {
        const std::int64_t input = output;
        output = channels[i];
        const bool isFinal = i + 1 == channels.size();
        m_downBlocks->append(std::make_shared<OpenSoraSpatialDownBlock>(input, output, c.layersPerBlock, c.normNumGroups,
                                                                        !isFinal, c.isReluActivation));
    }
    m_midBlock = registerModule("mid_block", std::make_shared<OpenSoraSpatialMidBlock>(
                                                 channels.back(), c.normNumGroups, c.midBlockAddAttention, c.isReluActivation));
    m_convNormOut = registerModule("conv_norm_out", std::make_shared<GroupNorm>(c.normNumGroups, channels.back(), 1e-6));
    m_convOut = registerModule("conv_out", encoderConv3x3(channels.back(), 2 * c.latentChannels)); // double_z
}

at::Tensor OpenSoraSpatialEncoder::forward(const at::Tensor& x, const OpenSoraSpatialWindows& windows) const
{
    at::Tensor h = OpenSoraRowConv::run(x, *m_convIn, windows.convWindowBytes);
    for (std::size_t i = 0; i < m_downBlocks->size(); ++i)
        h = (*m_downBlocks)[i].forward(std::move(h), windows.convWindowBytes);
    h = m_midBlock->forward(std::move(h), windows);
    const auto act = m_isRelu ? OpenSoraActivation::Relu : OpenSoraActivation::Silu;
    return OpenSoraRowConv::normalized(h, *m_convNormOut, act, *m_convOut, windows.convWindowBytes);
}

} // namespace framesmith
