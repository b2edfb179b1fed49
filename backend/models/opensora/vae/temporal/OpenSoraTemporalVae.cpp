#include "models/opensora/vae/temporal/OpenSoraTemporalVae.h"

#include "framesmith/Error.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalDecoder.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalEncoder.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor OpenSoraTemporalPosterior::sample(at::Generator& gen, at::Tensor* draw) const
{
    // torch.randn(self.mean.shape): the default dtype (float32) on the CPU, whatever the model's.
    const at::Tensor noise = at::randn(mean.sizes(), gen, at::TensorOptions().dtype(at::kFloat));
    if (draw)
        *draw = noise;
    return mean + at::exp(logvar * 0.5) * noise.to(mean.device(), mean.scalar_type());
}

OpenSoraTemporalVae::OpenSoraTemporalVae(const OpenSoraTemporalVaeConfig& config) : m_config(config)
{
    const std::array<std::int64_t, 3> point{1, 1, 1};
    m_encoder = registerModule("encoder", std::make_shared<OpenSoraTemporalEncoder>(config));
    m_quantConv = registerModule("quant_conv", OpenSoraTemporalConv::make(
                                                   2 * config.latentEmbedDim, 2 * config.embedDim, point, 1, true));
    m_postQuantConv = registerModule("post_quant_conv", OpenSoraTemporalConv::make(
                                                            config.embedDim, config.latentEmbedDim, point, 1, true));
    m_decoder = registerModule("decoder", std::make_shared<OpenSoraTemporalDecoder>(config));
}

OpenSoraTemporalVae::~OpenSoraTemporalVae() = default;

std::int64_t OpenSoraTemporalVae::frontPadding(std::int64_t frames, std::int64_t factor)
{
    // 0 if frames % f == 0 else f - frames % f, with Python's non-negative modulo.
    const std::int64_t remainder = ((frames % factor) + factor) % factor;
    return remainder == 0 ? 0 : factor - remainder;
}

OpenSoraTemporalPosterior OpenSoraTemporalVae::encode(const at::Tensor& x, std::int64_t windowBytes) const
{
    const std::int64_t padding = frontPadding(x.size(2), m_config.timeDownsampleFactor());
    const at::Tensor padded = padding > 0 ? at::constant_pad_nd(x, {0, 0, 0, 0, padding, 0}, 0) : x;
    at::Tensor moments = m_quantConv->forward(m_encoder->forward(padded, windowBytes), {}, windowBytes);
    OpenSoraTemporalPosterior posterior;
    const std::int64_t channels = m_config.embedDim;
    posterior.mean = moments.narrow(1, 0, channels);
    posterior.logvar = moments.narrow(1, channels, channels).clamp(-30.0, 20.0);
    return posterior;
}

at::Tensor OpenSoraTemporalVae::decode(const at::Tensor& z, std::int64_t numFrames, std::int64_t windowBytes) const
{
    const std::int64_t padding = frontPadding(numFrames, m_config.timeDownsampleFactor());
    at::Tensor x = m_decoder->forward(m_postQuantConv->forward(z, {}, windowBytes), windowBytes);
    if (padding >= x.size(2))
        throw ShapeError("Open-Sora temporal VAE decode: " + std::to_string(x.size(2)) + " decoded frames leave none after "
                         "dropping " + std::to_string(padding));
    return x.narrow(2, padding, x.size(2) - padding);
}

} // namespace framesmith
