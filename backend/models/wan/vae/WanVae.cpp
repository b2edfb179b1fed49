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
    m_quantConv = registerModule("quant_conv", WanCausalConv3d::make(z * 2, z * 2, one));
    m_postQuantConv = registerModule("post_quant_conv", WanCausalConv3d::make(z, z, one));
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
    return (std::int64_t(1) << (m_config.dimMult.size() - 1)) * m_config.patchSize;
}

at::Tensor WanVae::patchify(const at::Tensor& x) const
{
    const std::int64_t p = m_config.patchSize;
    if (p == 1)
        return x;
    const std::int64_t b = x.size(0), c = x.size(1), t = x.size(2), h = x.size(3) / p, w = x.size(4) / p;
    // [B, C, T, h, p, w, p] -> permute(0, 1, 6, 4, 2, 3, 5) -> [B, C·p·p, T, h, w]: channel c·p² + p_w·p + p_h
    return x.reshape({b, c, t, h, p, w, p}).permute({0, 1, 6, 4, 2, 3, 5}).contiguous().view({b, c * p * p, t, h, w});
}

at::Tensor WanVae::unpatchify(const at::Tensor& x) const
{
    const std::int64_t p = m_config.patchSize;
    if (p == 1)
        return x;
    const std::int64_t b = x.size(0), c = x.size(1) / (p * p), t = x.size(2), h = x.size(3), w = x.size(4);
    // [B, C, p, p, T, h, w] -> permute(0, 1, 4, 5, 3, 6, 2) -> [B, C, T, h·p, w·p]
    return x.reshape({b, c, p, p, t, h, w}).permute({0, 1, 4, 5, 3, 6, 2}).contiguous().view({b, c, t, h * p, w * p});
}

void WanVae::checkPatchified(const at::Tensor& x) const
{
    const std::int64_t factor = spatialCompression() / m_config.patchSize;
    const std::int64_t pixelChannels = m_config.inChannels / (m_config.patchSize * m_config.patchSize);
    if (x.dim() != 5 || x.size(1) != m_config.inChannels || (x.size(2) - 1) % 4 != 0 || x.size(3) % factor != 0 ||
        x.size(4) % factor != 0)
        throw ShapeError("Wan VAE encode: expected a video [B, " + std::to_string(pixelChannels) +
                         ", 1 + 4k frames, H, W] with H and W multiples of " + std::to_string(spatialCompression()) +
                         ", got (patchified by " + std::to_string(m_config.patchSize) + ") " + shapeOf(x));
}

at::Tensor WanVae::encodePatchified(const at::Tensor& xIn, at::Tensor* encoderRaw) const
{
    checkPatchified(xIn);
    const at::Tensor x = xIn.to(m_quantConv->weight().device(), m_quantConv->weight().scalar_type());
    WanCausalCache cache;
    std::vector<at::Tensor> chunks;
    // chunks of frames 1, 4, 4, ...: iter_ = 1 + (T − 1) // 4
    for (std::int64_t start = 0; start < x.size(2); start += start == 0 ? 1 : 4) {
        cache.beginChunk();
        chunks.push_back(m_encoder->forward(x.narrow(2, start, start == 0 ? 1 : 4), cache));
    }
    at::Tensor raw = at::cat(chunks, 2); // [B, 2z, F, h, w]
    if (encoderRaw)
        *encoderRaw = raw;
    return m_quantConv->forward(raw);
}

WanVaePosterior WanVae::encode(const at::Tensor& video) const
{
    const std::int64_t s = spatialCompression();
    if (video.dim() != 5 || video.size(3) % s != 0 || video.size(4) % s != 0)
        throw ShapeError("Wan VAE encode: expected a video [B, C, 1 + 4k frames, H, W] with H and W multiples of " +
                         std::to_string(s) + ", got " + shapeOf(video));
    WanVaePosterior posterior;
    posterior.parameters = encodePatchified(patchify(video), &posterior.encoderRaw);
    const auto halves = posterior.parameters.chunk(2, 1);
    posterior.mean = halves[0];
    posterior.logvar = at::clamp(halves[1], -30.0, 20.0); // DiagonalGaussianDistribution
    return posterior;
}

at::Tensor WanVae::decodePatchified(const at::Tensor& zIn) const
{
    if (zIn.dim() != 5 || zIn.size(1) != m_config.zDim || zIn.size(2) < 1)
        throw ShapeError("Wan VAE decode: expected latents [B, " + std::to_string(m_config.zDim) + ", F, h, w], got " +
                         shapeOf(zIn));
    const at::Tensor x = m_postQuantConv->forward(zIn.to(m_quantConv->weight().device(), m_quantConv->weight().scalar_type()));
    WanCausalCache cache;
    std::vector<at::Tensor> frames;
    for (std::int64_t i = 0; i < x.size(2); ++i) { // one latent frame at a time, the first marked
        cache.beginChunk();
        frames.push_back(m_decoder->forward(x.narrow(2, i, 1), cache, i == 0));
    }
    return at::cat(frames, 2);
}

at::Tensor WanVae::decode(const at::Tensor& z, at::Tensor* decoderRaw) const
{
    at::Tensor out = decodePatchified(z);
    if (decoderRaw)
        *decoderRaw = out;
    return at::clamp(unpatchify(out), -1.0, 1.0);
}

} // namespace framesmith
