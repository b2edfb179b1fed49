#include "text/T5EncoderStack.h"

#include <ATen/ATen.h>

namespace framesmith {

T5EncoderStack::T5EncoderStack(const T5Config& config)
{
    m_blocks = registerModule("block", std::make_shared<ModuleList<T5Block>>());
    for (std::int64_t i = 0; i < config.numLayers; ++i)
        m_blocks->append(std::make_shared<T5Block>(config, i == 0 || config.hasRelativeBiasPerLayer));
    m_finalLayerNorm = registerModule("final_layer_norm",
                                      std::make_shared<T5LayerNorm>(config.dModel, config.layerNormEpsilon));
}

at::Tensor T5EncoderStack::positionBias(std::size_t block, const at::Tensor& embeddings,
                                       const at::Tensor& attentionMask) const
{
    const std::int64_t length = embeddings.size(1);
    at::Tensor bias = (*m_blocks)[block].selfAttentionLayer().selfAttention().computeBias(length, length); // [1, H, L, L]
    if (!attentionMask.defined())
        return bias; // the reference adds an all-zero mask here
    // get_extended_attention_mask: (1 - mask) * finfo(model dtype).min, added to the block's bias
    // (T5: block 0's, shared by all; UMT5Attention: position_bias + attention_mask in every block).
    const auto dtype = embeddings.scalar_type();
    const double lowest = dtype == at::kHalf       ? -65504.0
                          : dtype == at::kBFloat16 ? -3.3895313892515355e38
                                                   : static_cast<double>(std::numeric_limits<float>::lowest());
    const at::Tensor mask = attentionMask.to(embeddings.device(), dtype).unsqueeze(1).unsqueeze(2); // [B, 1, 1, L]
    return bias + (1.0 - mask) * lowest;                                                             // [B, H, L, L]
}

at::Tensor T5EncoderStack::forward(const at::Tensor& embeddings, const at::Tensor& attentionMask,
                                   std::vector<at::Tensor>* hiddenStates) const
{
    at::Tensor bias;
    at::Tensor h = embeddings;
    for (std::size_t i = 0; i < m_blocks->size(); ++i) {
        if (i == 0 || (*m_blocks)[i].selfAttentionLayer().selfAttention().hasRelativeAttentionBias()) {
            bias = at::Tensor(); // UMT5: the previous block's bias goes before the next one is built
            bias = positionBias(i, embeddings, attentionMask);
        }
        h = (*m_blocks)[i].forward(h, bias);
        if (hiddenStates)
            hiddenStates->push_back(h);
    }
    return m_finalLayerNorm->forward(h);
}

} // namespace framesmith
