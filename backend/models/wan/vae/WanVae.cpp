#include "models/wan/vae/WanVae.h"

#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "io/WeightSource.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

std::string shapeOf(const at::Tensor& t) { return c10::str(t.sizes()); }

} // namespace

WanVae::WanVae(WanVaeConfig config) : m_config(std::move(config))
{
    const std::array<std::int64_t, 3> one{1, 1, 1};
    const std::int64_t z = m_config.zDim;
    m_encoder = registerModule("encoder", std::make_shared<WanEncoder3d>(m_config));
    m_quantConv = registerModule("quant_conv", std::make_shared<WanCausalConv3d>(z * 2, z * 2, one));
    m_postQuantConv = registerModule("post_quant_conv", std::make_shared<WanCausalConv3d>(z, z, one));
    m_decoder = registerModule("decoder", std::make_shared<WanDecoder3d>(m_config));
}

std::shared_ptr<WanVae> WanVae::load(const std::string& folder, c10::ScalarType dtype, c10::Device device)
{
    auto model = std::make_shared<WanVae>(WanVaeConfig::fromFile(folder + "/config.json"));
    const WeightSource source = WeightSource::open(folder);
    const WeightCheck check = checkWeights(*model, source);
    if (!check.isLoadable() || !check.unexpected.empty())
        throw ShapeError("Wan VAE checkpoint does not match " + folder + "/config.json: " + check.describe());
    loadWeights(*model, source, dtype, device);
    return model;
}

std::int64_t WanVae::spatialCompression() const
{
    return std::int64_t(1) << (m_config.dimMult.size() - 1);
}

void WanVae::checkVideo(const at::Tensor& video) const
{
    const std::int64_t factor = spatialCompression();
    if (video.dim() != 5 || video.size(1) != m_config.inChannels || (video.size(2) - 1) % 4 != 0 ||
        video.size(3) % factor != 0 || video.size(4) % factor != 0)
        throw ShapeError("Wan VAE encode: expected a video [B, " + std::to_string(m_config.inChannels) +
                         ", 1 + 4k frames, H, W] with H and W multiples of " + std::to_string(factor) + ", got " +
                         shapeOf(video));
}

at::Tensor WanVae::encodeParameters(const at::Tensor& videoIn, at::Tensor* encoderRaw) const
{
    checkVideo(videoIn);
    const at::Tensor video = videoIn.to(m_quantConv->weight.device(), m_quantConv->weight.scalar_type());
    WanCausalCache cache;
    std::vector<at::Tensor> chunks;
    // chunks of frames 1, 4, 4, ...: iter_ = 1 + (T − 1) // 4
    for (std::int64_t start = 0; start < video.size(2); start += start == 0 ? 1 : 4) {
        cache.beginChunk();
        chunks.push_back(m_encoder->forward(video.narrow(2, start, start == 0 ? 1 : 4), cache));
    }
    at::Tensor raw = at::cat(chunks, 2); // [B, 2z, F, h, w]
    if (encoderRaw)
        *encoderRaw = raw;
    return m_quantConv->forward(raw);
}

WanVaePosterior WanVae::encode(const at::Tensor& video) const
{
    WanVaePosterior posterior;
    posterior.parameters = encodeParameters(video, &posterior.encoderRaw);
    const auto halves = posterior.parameters.chunk(2, 1);
    posterior.mean = halves[0];
    posterior.logvar = at::clamp(halves[1], -30.0, 20.0); // DiagonalGaussianDistribution
    return posterior;
}

at::Tensor WanVae::decodeUnclamped(const at::Tensor& zIn) const
{
    if (zIn.dim() != 5 || zIn.size(1) != m_config.zDim || zIn.size(2) < 1)
        throw ShapeError("Wan VAE decode: expected latents [B, " + std::to_string(m_config.zDim) + ", F, h, w], got " +
                         shapeOf(zIn));
    const at::Tensor x = m_postQuantConv->forward(zIn.to(m_quantConv->weight.device(), m_quantConv->weight.scalar_type()));
    WanCausalCache cache;
    std::vector<at::Tensor> frames;
    for (std::int64_t i = 0; i < x.size(2); ++i) { // one latent frame at a time
        cache.beginChunk();
        frames.push_back(m_decoder->forward(x.narrow(2, i, 1), cache));
    }
    return at::cat(frames, 2);
}

at::Tensor WanVae::decode(const at::Tensor& z, at::Tensor* decoderRaw) const
{
    at::Tensor out = decodeUnclamped(z);
    if (decoderRaw)
        *decoderRaw = out;
    return at::clamp(out, -1.0, 1.0);
}

} // namespace framesmith
