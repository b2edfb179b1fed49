#include "models/cogvideox/conditioning/CogVideoXImageConditioning.h"

#include "framesmith/Error.h"
#include "models/cogvideox/vae/CogVideoXVae.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor CogVideoXImageConditioning::preprocess(const at::Tensor& rgb, int height, int width)
{
    if (rgb.dim() != 3 || rgb.size(2) != 3 || rgb.scalar_type() != at::kByte)
        throw InvalidRequestError("startImage", "expected an 8-bit RGB image");
    // diffusers VaeImageProcessor: uint8 / 255 in float32, then 2x - 1.
    at::Tensor image = rgb.permute({2, 0, 1}).unsqueeze(0).to(at::kFloat) / 255.0; // [1, 3, H0, W0]
    if (image.size(2) != height || image.size(3) != width) {
        // The reference resizes with PIL's Lanczos filter; antialiased bicubic is the closest
        // libtorch filter (equal sizes, the fixtures' case, are untouched).
        image = at::_upsample_bicubic2d_aa(image, {height, width}, false).clamp(0.0, 1.0);
    }
    return image * 2.0 - 1.0;
}

CogVideoXImageLatents CogVideoXImageConditioning::encode(const CogVideoXVae& vae, const at::Tensor& rgb,
                                                         const CogVideoXPipelineGeometry& g,
                                                         std::optional<int> patchSizeT,
                                                         const PipelineResources& resources, NoiseSource& noise)
{
    CogVideoXImageLatents out;
    out.preprocessed = preprocess(rgb, g.latentHeight * static_cast<int>(vae.config().spatialCompression()),
                                  g.latentWidth * static_cast<int>(vae.config().spatialCompression()))
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
