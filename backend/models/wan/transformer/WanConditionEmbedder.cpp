#include "models/wan/transformer/WanConditionEmbedder.h"

#include "core/layers/SinusoidalTimestepEmbedding.h"

#include <ATen/ATen.h>

namespace framesmith {

WanConditionEmbedder::WanConditionEmbedder(const WanTransformerConfig& c) : m_freqDim(c.freqDim)
{
    const std::int64_t dim = c.innerDim();
    m_timeEmbedder = registerModule("time_embedder", std::make_shared<ProjectionMlp>(c.freqDim, dim, dim, Activation::SiLU));
    m_timeProj = registerModule("time_proj", std::make_shared<Linear>(dim, 6 * dim));
    m_textEmbedder = registerModule("text_embedder", std::make_shared<ProjectionMlp>(c.textDim, dim, dim, Activation::GeluTanh));
    if (c.imageDim)
        m_imageEmbedder = registerModule("image_embedder", std::make_shared<WanImageEmbedding>(*c.imageDim, dim));
}

WanConditions WanConditionEmbedder::forward(const at::Tensor& timestep, const at::Tensor& text,
                                            const at::Tensor& image) const
{
    // Timesteps(freq_dim, flip_sin_to_cos=True, downscale_freq_shift=0) on the flattened timesteps
    // (an int64 timestep is cast to float32 there), unflattened back to [B, S] rows when per token.
    const bool isPerToken = timestep.dim() == 2;
    SinusoidalTimestepOptions options;
    options.flipSinToCos = true;
    options.downscaleFreqShift = 0.0;
    at::Tensor projected = SinusoidalTimestepEmbedding::embed(timestep.flatten(), m_freqDim, options); // [N, freq]
    if (isPerToken)
        projected = projected.unflatten(0, {timestep.size(0), timestep.size(1)}); // [B, S, freq]
    // time_embedder stays float32 (_keep_in_fp32_modules); temb.type_as(encoder_hidden_states)
    WanConditions out;
    out.temb = m_timeEmbedder->forward(projected.to(m_timeEmbedder->linear1().weight.scalar_type())).to(text.scalar_type());
    out.timestepProj = m_timeProj->forward(at::silu(out.temb));
    out.text = m_textEmbedder->forward(text);
    if (image.defined())
        out.image = m_imageEmbedder->forward(image);
    return out;
}

} // namespace framesmith
