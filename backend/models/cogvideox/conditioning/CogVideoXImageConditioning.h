#pragma once
// The start-image conditioning of CogVideoXImageToVideoPipeline: the image is brought to the clip's
// size and normalised to [-1, 1] (VaeImageProcessor),
// encoded by the VAE as a single frame, sampled from the posterior with the pipeline's noise (the
// first draw of a run), scaled, and followed by zero latent frames; the result is concatenated to
// the noisy latents on the channel axis at every step.
#include "models/VideoPipeline.h"
#include "models/cogvideox/pipeline/CogVideoXPipelineGeometry.h"

#include <optional>

namespace framesmith {

class CogVideoXVae;

struct CogVideoXImageLatents {
    at::Tensor preprocessed; // [1, 3, H, W] in [-1, 1] (fixture image.preprocessed)
    at::Tensor latents;      // [1, F, C, h, w] scaled and zero-padded (fixture image_latents)
};

class CogVideoXImageConditioning {
public:
    static CogVideoXImageLatents encode(const CogVideoXVae& vae, const at::Tensor& rgb,
                                        const CogVideoXPipelineGeometry& geometry, std::optional<int> patchSizeT,
                                        const PipelineResources& resources, NoiseSource& noise);
};

} // namespace framesmith
