#include "models/cogvideox/conditioning/CogVideoXImageConditioning.h"

#include "framesmith/Error.h"
#include "models/VaeImageProcessor.h"
#include "models/cogvideox/vae/CogVideoXVae.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXImageLatents CogVideoXImageConditioning::encode(const CogVideoXVae& vae, const at::Tensor& rgb,
                                                         const CogVideoXPipelineGeometry& g,
                                                         std::optional<int> patchSizeT,
                                                         const PipelineResources& resources, NoiseSource& noise)
{
    CogVideoXImageLatents out;
    // The reference's VaeImageProcessor resizes with PIL's Lanczos filter (equal sizes untouched).
    out.preprocessed = VaeImageProcessor::preprocess(rgb, g.latentHeight * vae.config().spatialCompression(),
                                                     g.latentWidth * vae.config().spatialCompression())
                           .to(resources.device, resources.dtype);
    VaeOptions options;
    options.cancel = resources.cancel;
    LatentDistribution dist = vae.encode(out.preprocessed.unsqueeze(2), options); // [1, C, 1, h, w]
    // DiagonalGaussianDistribution.sample(generator): mean + std * randn(mean.shape); the first draw
    // of the run in the reference.
    at::Tensor draw = noise.draw(dist.mean.sizes().vec(), dist.mean, "start image posterior");
    at::Tensor latents = (dist.mean + dist.std() * draw).to(resources.dtype).permute({0, 2, 1, 3, 4}); // [1, 1, C, h, w]
    const double scaling = vae.config().scalingFactor;
    // The 1.5 models were trained without the scaling factor on the image latents
    // (invert_scale_latents), so the reference divides instead of multiplying.
    latents = vae.config().invertScaleLatents ? latents * (1.0 / scaling) : latents * scaling;

    at::Tensor padding = at::zeros({1, g.raisedLatentFrames - 1, latents.size(2), g.latentHeight, g.latentWidth},
                                   latents.options());
    latents = at::cat({latents, padding}, 1);
    if (patchSizeT) {
        at::Tensor firstFrames = latents.slice(1, 0, latents.size(1) % *patchSizeT);
        latents = at::cat({firstFrames, latents}, 1);
    }
    out.latents = latents;
    return out;
}

} // namespace framesmith
