#pragma once
// A cheap preview of latents while they form: each latent pixel becomes one RGB pixel through a
// small fixed linear map of the channels, squashed by tanh. No VAE, so it costs microseconds; the
// GUI scales it up. The colours are a stable false-colour view, not the decoded clip.
#include "framesmith/GenerationEvents.h"

#include <ATen/core/Tensor.h>

namespace framesmith {

class LatentPreview {
public:
    // latents [1, F, C, h, w] -> F frames of h x w RGB.
    static PreviewFrames render(const at::Tensor& latents, int step);
    static at::Tensor projection(std::int64_t channels); // [3, C] float, fixed
};

} // namespace framesmith
