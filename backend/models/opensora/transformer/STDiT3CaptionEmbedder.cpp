#include "models/opensora/transformer/STDiT3CaptionEmbedder.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3CaptionEmbedder::STDiT3CaptionEmbedder(std::int64_t captionChannels, std::int64_t hiddenSize,
                                             std::int64_t tokenCount)
{
    m_proj = registerModule("y_proj", std::make_shared<STDiT3Mlp>(captionChannels, hiddenSize, hiddenSize));
    registerParameter("y_embedding", &yEmbedding, {tokenCount, captionChannels});
}

at::Tensor STDiT3CaptionEmbedder::forward(const at::Tensor& caption) const
{
    return m_proj->forward(caption);
}

at::Tensor STDiT3CaptionEmbedder::nullCaption(std::int64_t count) const
{
    return yEmbedding.unsqueeze(0).unsqueeze(0).expand({count, 1, yEmbedding.size(0), yEmbedding.size(1)}).contiguous();
}

} // namespace framesmith
