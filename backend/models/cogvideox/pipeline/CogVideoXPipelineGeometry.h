#pragma once
// Latent shapes of one CogVideoX request, as the diffusers pipelines derive them: latent frames
// (F - 1) / 4 + 1, CogVideoX 1.5's padding to a multiple of patch_size_t (added as *leading* frames
// that are dropped before decoding), and the latent grid. Pure: no weights needed.
#include "framesmith/GenerationRequest.h"

namespace framesmith {

struct CogVideoXTransformerConfig;
struct CogVideoXVaeConfig;

struct CogVideoXPipelineGeometry {
    int latentFrames = 0;        // of the requested clip
    int additionalFrames = 0;    // 1.5 padding, dropped (leading) before decoding
    int raisedLatentFrames = 0;  // latent frames of the raised num_frames (the I2V zero padding uses it)
    int paddedLatentFrames = 0;  // what the transformer denoises
    int latentHeight = 0;
    int latentWidth = 0;
    int latentChannels = 0;      // of the noise latents (half the transformer input for I2V)

    static CogVideoXPipelineGeometry compute(const GenerationRequest& request,
                                             const CogVideoXTransformerConfig& transformer,
                                             const CogVideoXVaeConfig& vae, bool isImageToVideo);
};

} // namespace framesmith
