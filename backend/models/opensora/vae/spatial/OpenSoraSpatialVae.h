#pragma once
// Open-Sora's VideoAutoencoderKL: a diffusers AutoencoderKL (children encoder, decoder, quant_conv,
// post_quant_conv; checkpoint prefix "spatial_vae.module.") applied to every frame of a video,
// frames taken in (B T) order in micro-batches. Latents are scaled by VideoAutoencoderKL's
// scaling_factor (0.18215), not the 2-D config's. Frames are computed one at a time (the 2-D VAE
// treats frames independently), so a micro-batch only fixes the shape of each posterior draw.
#include "core/Layers.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialMidBlock.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVaeConfig.h"

#include <ATen/core/Generator.h>

#include <vector>

namespace framesmith {

class OpenSoraSpatialEncoder;
class OpenSoraSpatialDecoder;
class VaeProgress;

// Posterior moments of every encoded frame, in (B T) order: [B * T, L, h, w] each.
struct OpenSoraSpatialMoments {
    at::Tensor mean, logvar;
};

class OpenSoraSpatialVae : public Module {
public:
    OpenSoraSpatialVae(const OpenSoraSpatialVaeConfig& config, double scalingFactor);
    ~OpenSoraSpatialVae() override;
    const OpenSoraSpatialVaeConfig& config() const { return m_config; }

    // Frames in each micro-batch: (B T) split into runs of microBatch (0: all frames at once).
    static std::vector<std::int64_t> microBatches(std::int64_t frames, std::int64_t microBatch);

    // video [B, C, T, H, W] -> [B, L, T, H/f, W/f] = posterior sample * scaling_factor; one draw of
    // [frames, L, h, w] per micro-batch from gen (CPU, in the moments' dtype, as diffusers'
    // randn_tensor draws). draws/moments receive what the reference computed, when given.
    at::Tensor encode(const at::Tensor& video, at::Generator& gen, std::int64_t microBatch,
                      const OpenSoraSpatialWindows& windows, VaeProgress& progress,
                      std::vector<at::Tensor>* draws = nullptr, OpenSoraSpatialMoments* moments = nullptr) const;
    // latents [B, L, T, h, w] -> [B, out, T, fh, fw] = decoder(post_quant_conv(z / scaling_factor)).
    at::Tensor decode(const at::Tensor& latents, std::int64_t microBatch, const OpenSoraSpatialWindows& windows,
                      VaeProgress& progress) const;

    // One frame batch [n, C, H, W] -> moments [n, 2L, h, w] (quant_conv applied), frame by frame.
    at::Tensor frameMoments(const at::Tensor& frames, const OpenSoraSpatialWindows& windows) const;
    // One latent frame batch [n, L, h, w] (already divided by the scaling factor) -> [n, out, fh, fw].
    at::Tensor decodeFrames(const at::Tensor& latents, const OpenSoraSpatialWindows& windows) const;

private:
    OpenSoraSpatialVaeConfig m_config;
    double m_scalingFactor;
    std::shared_ptr<OpenSoraSpatialEncoder> m_encoder;
    std::shared_ptr<OpenSoraSpatialDecoder> m_decoder;
    std::shared_ptr<Conv2d> m_quantConv, m_postQuantConv;
};

} // namespace framesmith
