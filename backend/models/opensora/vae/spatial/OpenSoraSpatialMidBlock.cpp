#include "models/opensora/vae/spatial/OpenSoraSpatialMidBlock.h"

namespace framesmith {

OpenSoraSpatialMidBlock::OpenSoraSpatialMidBlock(std::int64_t channels, std::int64_t groups, bool hasAttention,
                                                 bool isRelu)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<OpenSoraSpatialResnetBlock>>());
    for (int i = 0; i < 2; ++i) // num_layers = 1: one resnet before and one after the attention
        m_resnets->append(std::make_shared<OpenSoraSpatialResnetBlock>(channels, channels, groups, isRelu));
    if (hasAttention) {
        m_attentions = registerModule("attentions", std::make_shared<ModuleList<OpenSoraSpatialAttention>>());
        m_attentions->append(std::make_shared<OpenSoraSpatialAttention>(channels, groups));
    }
}

at::Tensor OpenSoraSpatialMidBlock::forward(at::Tensor x, const OpenSoraSpatialWindows& windows) const
{
    x = (*m_resnets)[0].forward(std::move(x), windows.convWindowBytes);
    if (m_attentions)
        x = (*m_attentions)[0].forward(x, windows.attentionScoreBytes);
    return (*m_resnets)[1].forward(std::move(x), windows.convWindowBytes);
}

} // namespace framesmith
