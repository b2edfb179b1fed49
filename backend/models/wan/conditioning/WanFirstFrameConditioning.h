#pragma once
// Wan 2.2 TI2V's image-to-video (WanImageToVideoPipeline with expand_timesteps): the start image
// alone is VAE-encoded (posterior mean) and normalised into a one-frame condition; every step the
// transformer sees (1 − mask)·condition + mask·latents (mask 0 on latent frame 0) with per-token
// timesteps 0 on frame 0's tokens, the scheduler steps all frames, and the final latents get frame 0
// replaced by the condition before decoding. Any thread that may run the VAE.
#include "models/wan/vae/WanVae.h"

namespace framesmith {

struct WanFirstFrameCondition {
    at::Tensor condition; // [1, z, 1, h, w] normalised, float32
    at::Tensor mask;      // [1, 1, F, h, w] float32: 0 on latent frame 0, 1 elsewhere

    bool isDefined() const { return condition.defined(); }
    // (1 − mask)·condition + mask·latents: the model input and the final latents' frame 0.
    at::Tensor apply(const at::Tensor& latents) const;
};

class WanFirstFrameConditioning {
public:
    // image [1, 3, H, W] in [−1, 1] (VaeImageProcessor); latentFrames F.
    static WanFirstFrameCondition build(const WanVae& vae, const at::Tensor& image, std::int64_t latentFrames);
};

} // namespace framesmith
