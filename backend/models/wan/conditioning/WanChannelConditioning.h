#pragma once
// The condition of the channel-concatenating image-to-video models (Wan 2.2 I2V-A14B, Wan 2.1 I2V):
// diffusers WanImageToVideoPipeline.prepare_latents without expand_timesteps. The start image
// followed by zero (mid-grey) frames, or with an end image as the last frame, is VAE-encoded once as
// one clip (posterior mean), normalised as (z − latents_mean)·(1/latents_std), repeated over the
// batch, and prefixed by a 4-channel mask of the given frames. Never noised; the same for the
// conditional and unconditional calls. Any thread that may run the VAE.
#include "models/wan/vae/WanVae.h"

namespace framesmith {

struct WanChannelCondition {
    at::Tensor video;         // [1, 3, T, H, W]: what is encoded
    at::Tensor posteriorMode; // [1, z, F, h, w]
    at::Tensor latents;       // [B, z, F, h, w] normalised
    at::Tensor mask;          // [B, 4, F, h, w]
    at::Tensor condition;     // [B, 4 + z, F, h, w] = cat([mask, latents], 1): the transformer's extra channels
};

class WanChannelConditioning {
public:
    // image / lastImage [1, 3, H, W] in [−1, 1] (VaeImageProcessor; lastImage undefined: start image
    // only); frameCount 1 + 4k pixel frames. Throws ShapeError for images of other sizes or a bad frame count.
    static WanChannelCondition build(const WanVae& vae, const at::Tensor& image, const at::Tensor& lastImage,
                                     std::int64_t frameCount, std::int64_t batch);

    // The mask alone: 1 on the given pixel frames (0, and T − 1 with an end image), frame 0 repeated
    // 4 times, viewed as [F, 4] and moved to channels: mask[:, c, f] = m'[4f + c].
    static at::Tensor mask(std::int64_t batch, std::int64_t frameCount, bool hasLastImage, std::int64_t height,
                           std::int64_t width);
};

} // namespace framesmith
