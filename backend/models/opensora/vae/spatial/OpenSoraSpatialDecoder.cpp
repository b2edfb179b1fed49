#include "models/opensora/vae/spatial/OpenSoraSpatialDecoder.h"

#include "models/opensora/vae/spatial/OpenSoraRowConv.h"

namespace framesmith {

namespace {
std::shared_ptr<Conv2d> conv3x3(std::int64_t in, std::int64_t out)
{
    return std::make_shared<Conv2d>(in, out, std::array<std::int64_t, 2>{3, 3}, std::array<std::int64_t, 2>{1, 1},
                                    std::array<std::int64_t, 2>{1, 1});
}
} // namespace

OpenSoraSpatialDecoder::OpenSoraSpatialDecoder(const OpenSoraSpatialVaeConfig& c) : m_isRelu(c.isReluActivation)
{
    const std::vector<std::int64_t> reversed(c.blockOutChannels.rbegin(), c.blockOutChannels.rend());
    m_convIn = registerModule("conv_in", conv3x3(c.latentChannels, reversed.front()));
    m_midBlock = registerModule("mid_block", std::make_shared<OpenSoraSpatialMidBlock>(
                                                 reversed.front(), c.normNumGroups, c.midBlockAddAttention, c.isReluActivation));
    m_upBlocks = registerModule("up_blocks", std::make_shared<ModuleList<OpenSoraSpatialUpBlock>>());
    std::int64_t output = reversed.front();
    for (std::size_t i = 0; i < reversed.size(); ++i) {
        const std::int64_t previous = output;
        output = reversed[i];
        const bool isFinal = i + 1 == reversed.size();
        m_upBlocks->append(std::make_shared<OpenSoraSpatialUpBlock>(previous, output, c.layersPerBlock + 1,
                                                                    c.normNumGroups, !isFinal, c.isReluActivation));
    }
    m_convNormOut = registerModule("conv_norm_out", std::make_shared<GroupNorm>(c.normNumGroups, reversed.back(), 1e-6));
    m_convOut = registerModule("conv_out", conv3x3(reversed.back(), c.outChannels));
}

at::Tensor OpenSoraSpatialDecoder::forward(const at::Tensor& z, const OpenSoraSpatialWindows& windows) const
{
    at::Tensor h = OpenSoraRowConv::run(z, *m_convIn, windows.convWindowBytes);
    h = m_midBlock->forward(std::move(h), windows);
    for (std::size_t i = 0; i < m_upBlocks->size(); ++i)
        h = (*m_upBlocks)[i].forward(std::move(h), windows.convWindowBytes);
    const auto act = m_isRelu ? OpenSoraActivation::Relu : OpenSoraActivation::Silu;
    return OpenSoraRowConv::normalized(h, *m_convNormOut, act, *m_convOut, windows.convWindowBytes);
}

} // namespace framesmith
