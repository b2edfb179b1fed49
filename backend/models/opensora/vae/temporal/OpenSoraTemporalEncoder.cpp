#include "models/opensora/vae/temporal/OpenSoraTemporalEncoder.h"

namespace framesmith {

namespace {
OpenSoraActivation encoderActivationOf(const OpenSoraTemporalVaeConfig& c)
{
    return c.isReluActivation ? OpenSoraActivation::Relu : OpenSoraActivation::Silu;
}
} // namespace

OpenSoraTemporalEncoder::OpenSoraTemporalEncoder(const OpenSoraTemporalVaeConfig& c) : m_config(c)
{
    const auto act = encoderActivationOf(c);
    m_convIn = registerModule("conv_in", OpenSoraTemporalConv::make(c.inOutChannels, c.filters,
                                                                                std::array<std::int64_t, 3>{3, 3, 3}, 1, false));
    auto blockResBlocks = registerModule("block_res_blocks", std::make_shared<ModuleList<ModuleList<OpenSoraTemporalResBlock>>>());
    auto convBlocks = registerModule("conv_blocks", std::make_shared<ModuleGroup>());
    std::int64_t previous = c.filters, filters = c.filters;
    for (std::int64_t i = 0; i < c.blocks(); ++i) {
        filters = c.filters * c.channelMultipliers[static_cast<std::size_t>(i)];
        auto items = blockResBlocks->append(std::make_shared<ModuleList<OpenSoraTemporalResBlock>>());
        m_blockResBlocks.emplace_back();
        for (std::int64_t j = 0; j < c.numResBlocks; ++j) {
            m_blockResBlocks.back().push_back(items->append(std::make_shared<OpenSoraTemporalResBlock>(previous, filters, c.numGroups, act)));
            previous = filters;
        }
        if (i + 1 < c.blocks() && c.downsamplesTime(i))
            m_convBlocks[i] = convBlocks->add(std::to_string(i), OpenSoraTemporalConv::make(
                                                                    previous, filters, std::array<std::int64_t, 3>{3, 3, 3}, 2, true));
        previous = filters;
    }
    m_resBlocks = registerModule("res_blocks", std::make_shared<ModuleList<OpenSoraTemporalResBlock>>());
    for (std::int64_t j = 0; j < c.numResBlocks; ++j) {
        m_resBlocks->append(std::make_shared<OpenSoraTemporalResBlock>(previous, filters, c.numGroups, act));
        previous = filters;
    }
    m_norm1 = registerModule("norm1", std::make_shared<GroupNorm>(c.numGroups, previous, 1e-5));
    m_conv2 = registerModule("conv2", OpenSoraTemporalConv::make(previous, 2 * c.latentEmbedDim,
                                                                             std::array<std::int64_t, 3>{1, 1, 1}, 1, true));
}

at::Tensor OpenSoraTemporalEncoder::forward(const at::Tensor& x, std::int64_t windowBytes) const
{
    at::Tensor h = m_convIn->forward(x, {}, windowBytes);
    for (std::size_t i = 0; i < m_blockResBlocks.size(); ++i) {
        for (const auto& block : m_blockResBlocks[i])
            h = block->forward(std::move(h), windowBytes);
        auto down = m_convBlocks.find(static_cast<std::int64_t>(i));
        if (down != m_convBlocks.end())
            h = down->second->forward(h, {}, windowBytes);
    }
    for (std::size_t j = 0; j < m_resBlocks->size(); ++j)
        h = (*m_resBlocks)[j].forward(std::move(h), windowBytes);
    const auto act = encoderActivationOf(m_config);
    return OpenSoraTemporalConv::normalized(*m_conv2, h, *m_norm1, act, windowBytes);
}

} // namespace framesmith
