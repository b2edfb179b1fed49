#include "models/wan/conditioning/WanFirstFrameConditioning.h"

#include "framesmith/Error.h"
#include "models/wan/conditioning/WanLatentNormalization.h"
#include "models/wan/sampling/WanTokenTimesteps.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor WanFirstFrameCondition::apply(const at::Tensor& latents) const
{
    const at::Tensor m = mask.to(latents.device());
    return (1 - m) * condition.to(latents.device()) + m * latents;
}

WanFirstFrameCondition WanFirstFrameConditioning::build(const WanVae& vae, const at::Tensor& image,
                                                        std::int64_t latentFrames)
{
    if (image.dim() != 4 || image.size(0) != 1 || image.size(1) != 3)
        throw ShapeError("Wan first-frame condition: expected the start image [1, 3, H, W], got " +
                         std::string(c10::str(image.sizes())));
    // video_condition = image.unsqueeze(2): one frame, encoded alone (retrieve_latents argmax)
    const at::Tensor z = vae.encode(image.unsqueeze(2)).mean;
    WanFirstFrameCondition out;
    out.condition = WanLatentNormalization(vae.config()).normalize(z);
    out.mask = WanTokenTimesteps::firstFrameMask(latentFrames, z.size(3), z.size(4)).to(z.device());
    return out;
}

} // namespace framesmith
