#include "models/opensora/vae/temporal/OpenSoraTemporalDecoder.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {
OpenSoraActivation activationOf(const OpenSoraTemporalVaeConfig& c)
{
    return c.isReluActivation ? OpenSoraActivation::Relu : OpenSoraActivation::Silu;
}
std::array<std::int64_t, 3> cube3() { return {3, 3, 3}; }
} // namespace

OpenSoraTemporalDecoder::OpenSoraTemporalDecoder(const OpenSoraTemporalVaeConfig& c) : m_config(c)
{
    const auto act = activationOf(c);
    const std::int64_t deepest = c.filters * c.channelMultipliers.back();
    m_conv1 = registerModule("conv1", OpenSoraTemporalConv::make(c.latentEmbedDim, deepest, cube3(), 1, true));
    m_resBlocks = registerModule("res_blocks", std::make_shared<ModuleList<OpenSoraTemporalResBlock>>());
    for (std::int64_t j = 0; j < c.numResBlocks; ++j)
        m_resBlocks->append(std::make_shared<OpenSoraTemporalResBlock>(deepest, deepest, c.numGroups, act));
    // The reference builds from the deepest block up and inserts at the front: index = block level.
    const auto blocks = static_cast<std::size_t>(c.blocks());
    std::vector<std::shared_ptr<ModuleList<OpenSoraTemporalResBlock>>> lists(blocks);
    m_blockResBlocks.resize(blocks);
    std::map<std::int64_t, std::shared_ptr<CausalConv3d>> convs;
    std::int64_t previous = deepest, filters = deepest;
    for (std::int64_t i = c.blocks() - 1; i >= 0; --i) {
        filters = c.filters * c.channelMultipliers[static_cast<std::size_t>(i)];
        lists[static_cast<std::size_t>(i)] = std::make_shared<ModuleList<OpenSoraTemporalResBlock>>();
        for (std::int64_t j = 0; j < c.numResBlocks; ++j) {
            auto block = std::make_shared<OpenSoraTemporalResBlock>(previous, filters, c.numGroups, act);
            m_blockResBlocks[static_cast<std::size_t>(i)].push_back(lists[static_cast<std::size_t>(i)]->append(block));
            previous = filters;
        }
        if (i > 0 && c.downsamplesTime(i - 1))
            convs[i - 1] = OpenSoraTemporalConv::make(previous, previous * 2, cube3(), 1, true);
    }
    auto blockResBlocks = registerModule("block_res_blocks", std::make_shared<ModuleList<ModuleList<OpenSoraTemporalResBlock>>>());
    for (const auto& list : lists)
        blockResBlocks->append(list);
    auto convBlocks = registerModule("conv_blocks", std::make_shared<ModuleGroup>());
    for (const auto& [index, conv] : convs)
        m_convBlocks[index] = convBlocks->add(std::to_string(index), conv);
    m_norm1 = registerModule("norm1", std::make_shared<GroupNorm>(c.numGroups, previous, 1e-5));
    m_convOut = registerModule("conv_out", OpenSoraTemporalConv::make(filters, c.inOutChannels, cube3(), 1, true));
}

at::Tensor OpenSoraTemporalDecoder::depthToSpaceTime(const at::Tensor& x, std::int64_t timeStride)
{
    const std::int64_t batch = x.size(0), channels = x.size(1) / timeStride, frames = x.size(2);
    // [B, C * ts, T, H, W] -> [B, C, ts, T, H, W] -> [B, C, T, ts, H, W] -> [B, C, T * ts, H, W]
    return x.view({batch, channels, timeStride, frames, x.size(3), x.size(4)})
        .permute({0, 1, 3, 2, 4, 5})
        .reshape({batch, channels, frames * timeStride, x.size(3), x.size(4)});
}

at::Tensor OpenSoraTemporalDecoder::forward(const at::Tensor& z, std::int64_t windowBytes) const
{
    at::Tensor h = m_conv1->forward(z, {}, windowBytes);
    for (std::size_t j = 0; j < m_resBlocks->size(); ++j)
        h = (*m_resBlocks)[j].forward(std::move(h), windowBytes);
    for (std::int64_t i = m_config.blocks() - 1; i >= 0; --i) {
        for (const auto& block : m_blockResBlocks[static_cast<std::size_t>(i)])
            h = block->forward(std::move(h), windowBytes);
        auto up = m_convBlocks.find(i - 1);
        if (i > 0 && up != m_convBlocks.end())
            h = depthToSpaceTime(up->second->forward(h, {}, windowBytes), 2);
    }
    return OpenSoraTemporalConv::normalized(*m_convOut, h, *m_norm1, activationOf(m_config), windowBytes);
}

} // namespace framesmith
