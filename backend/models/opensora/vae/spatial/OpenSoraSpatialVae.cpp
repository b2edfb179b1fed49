#include "models/opensora/vae/spatial/OpenSoraSpatialVae.h"

#include "framesmith/Error.h"
#include "models/opensora/vae/spatial/OpenSoraRowConv.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialDecoder.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialEncoder.h"
#include "core/VaeProgress.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraSpatialVae::OpenSoraSpatialVae(const OpenSoraSpatialVaeConfig& config, double scalingFactor)
    : m_config(config), m_scalingFactor(scalingFactor)
{
    m_encoder = registerModule("encoder", std::make_shared<OpenSoraSpatialEncoder>(config));
    m_decoder = registerModule("decoder", std::make_shared<OpenSoraSpatialDecoder>(config));
    const std::int64_t latent = config.latentChannels;
    if (config.useQuantConv)
        m_quantConv = registerModule("quant_conv", std::make_shared<Conv2d>(2 * latent, 2 * latent, std::array<std::int64_t, 2>{1, 1}));
    if (config.usePostQuantConv)
        m_postQuantConv = registerModule("post_quant_conv", std::make_shared<Conv2d>(latent, latent, std::array<std::int64_t, 2>{1, 1}));
}

OpenSoraSpatialVae::~OpenSoraSpatialVae() = default;

std::vector<std::int64_t> OpenSoraSpatialVae::microBatches(std::int64_t frames, std::int64_t microBatch)
{
    // VideoAutoencoderKL: range(0, N, bs) slices; micro_batch_size None runs everything at once.
    const std::int64_t size = microBatch > 0 ? microBatch : std::max<std::int64_t>(frames, 1);
    std::vector<std::int64_t> sizes;
    for (std::int64_t start = 0; start < frames; start += size)
        sizes.push_back(std::min(size, frames - start));
    return sizes;
}

at::Tensor OpenSoraSpatialVae::frameMoments(const at::Tensor& frames, const OpenSoraSpatialWindows& windows) const
{
    at::Tensor out;
    for (std::int64_t i = 0; i < frames.size(0); ++i) {
        at::Tensor h = m_encoder->forward(frames.narrow(0, i, 1).contiguous(), windows);
        if (m_quantConv)
            h = OpenSoraRowConv::convolve(h, m_quantConv->weight, m_quantConv->bias, {1, 1}, {0, 0});
        if (!out.defined())
            out = at::empty({frames.size(0), h.size(1), h.size(2), h.size(3)}, h.options());
        out.narrow(0, i, 1).copy_(h);
    }
    return out;
}

at::Tensor OpenSoraSpatialVae::decodeFrames(const at::Tensor& latents, const OpenSoraSpatialWindows& windows) const
{
    at::Tensor out;
    for (std::int64_t i = 0; i < latents.size(0); ++i) {
        at::Tensor z = latents.narrow(0, i, 1).contiguous();
        if (m_postQuantConv)
            z = OpenSoraRowConv::convolve(z, m_postQuantConv->weight, m_postQuantConv->bias, {1, 1}, {0, 0});
        at::Tensor frame = m_decoder->forward(z, windows);
        if (!out.defined())
            out = at::empty({latents.size(0), frame.size(1), frame.size(2), frame.size(3)}, frame.options());
        out.narrow(0, i, 1).copy_(frame);
    }
    return out;
}

namespace {

// Frames [first, first + n) of (B T) order as [n, C, H, W] (a copy: (B T) runs may cross items).
at::Tensor gatherFrames(const at::Tensor& video, std::int64_t first, std::int64_t n)
{
    const std::int64_t frames = video.size(2);
    std::vector<at::Tensor> parts;
    for (std::int64_t k = first; k < first + n;) {
        const std::int64_t b = k / frames, t = k % frames, count = std::min(frames - t, first + n - k);
        parts.push_back(video.select(0, b).narrow(1, t, count).transpose(0, 1)); // [count, C, H, W]
        k += count;
    }
    return at::cat(parts, 0).contiguous();
}

// Writes [n, C, h, w] frames back to (B T) positions [first, first + n) of out [B, C, T, h, w].
void scatterFrames(at::Tensor& out, const at::Tensor& frames, std::int64_t first)
{
    const std::int64_t count = frames.size(0), perItem = out.size(2);
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t k = first + i;
        out.select(0, k / perItem).select(1, k % perItem).copy_(frames[i]);
    }
}

} // namespace

at::Tensor OpenSoraSpatialVae::encode(const at::Tensor& video, at::Generator& gen, std::int64_t microBatch,
                                      const OpenSoraSpatialWindows& windows, VaeProgress& progress,
                                      std::vector<at::Tensor>* draws, OpenSoraSpatialMoments* moments) const
{
    const std::int64_t batch = video.size(0), frames = video.size(2), latent = m_config.latentChannels;
    at::Tensor out;
    std::vector<at::Tensor> means, logvars;
    std::int64_t first = 0;
    for (const std::int64_t n : microBatches(batch * frames, microBatch)) {
        progress.beforeUnit();
        const at::Tensor m = frameMoments(gatherFrames(video, first, n), windows); // [n, 2L, h, w]
        // diffusers DiagonalGaussianDistribution: chunk(2, dim=1), logvar clamped to [-30, 20].
        const at::Tensor mean = m.narrow(1, 0, latent);
        const at::Tensor logvar = m.narrow(1, latent, latent).clamp(-30.0, 20.0);
        // randn_tensor(mean.shape, generator, device, dtype): drawn on the generator's device (CPU).
        const at::Tensor noise = at::randn(mean.sizes(), gen, mean.options().device(at::kCPU)).to(mean.device());
        at::Tensor sample = (mean + at::exp(logvar * 0.5) * noise).mul_(m_scalingFactor);
        if (!out.defined())
            out = at::empty({batch, latent, frames, sample.size(2), sample.size(3)}, sample.options());
        scatterFrames(out, sample, first);
        if (draws)
            draws->push_back(noise);
        if (moments) {
            means.push_back(mean);
            logvars.push_back(logvar);
        }
        first += n;
        progress.afterUnit();
    }
    if (moments) {
        moments->mean = at::cat(means, 0);
        moments->logvar = at::cat(logvars, 0);
    }
    return out;
}

at::Tensor OpenSoraSpatialVae::decode(const at::Tensor& latents, std::int64_t microBatch,
                                      const OpenSoraSpatialWindows& windows, VaeProgress& progress) const
{
    const std::int64_t batch = latents.size(0), frames = latents.size(2);
    at::Tensor out;
    std::int64_t first = 0;
    for (const std::int64_t n : microBatches(batch * frames, microBatch)) {
        progress.beforeUnit();
        // VideoAutoencoderKL.decode: module.decode(x_bs / scaling_factor)
        const at::Tensor z = gatherFrames(latents, first, n).div_(m_scalingFactor);
        const at::Tensor decoded = decodeFrames(z, windows);
        if (!out.defined())
            out = at::empty({batch, decoded.size(1), frames, decoded.size(2), decoded.size(3)}, decoded.options());
        scatterFrames(out, decoded, first);
        first += n;
        progress.afterUnit();
    }
    return out;
}

} // namespace framesmith
