#include "models/cogvideox/pipeline/CogVideoXPipelineGeometry.h"

#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"

namespace framesmith {

CogVideoXPipelineGeometry CogVideoXPipelineGeometry::compute(const GenerationRequest& request,
                                                             const CogVideoXTransformerConfig& transformer,
                                                             const CogVideoXVaeConfig& vae, bool isImageToVideo)
{
    const int temporal = static_cast<int>(vae.temporalCompressionRatio);
    const int spatial = static_cast<int>(vae.spatialCompression());
    const int granularity = spatial * transformer.patchSize;
    if (request.height % granularity != 0 || request.width % granularity != 0)
        throw InvalidRequestError(request.height % granularity ? "height" : "width",
                                  "must be a multiple of " + std::to_string(granularity) + " for this model, got " +
                                      std::to_string(request.width) + "x" + std::to_string(request.height));
    if (request.frameCount < 1)
        throw InvalidRequestError("frameCount", "must be at least 1");
    CogVideoXPipelineGeometry g;
    g.latentFrames = (request.frameCount - 1) / temporal + 1;
    int frames = request.frameCount;
    // diffusers: pad latent frames to a multiple of patch_size_t by raising num_frames.
    if (transformer.patchSizeT && g.latentFrames % *transformer.patchSizeT != 0) {
        g.additionalFrames = *transformer.patchSizeT - g.latentFrames % *transformer.patchSizeT;
        frames += g.additionalFrames * temporal;
    }
    g.raisedLatentFrames = (frames - 1) / temporal + 1;
    g.paddedLatentFrames = g.raisedLatentFrames;
    // I2V prepare_latents adds shape[1] % patch_size_t more (always 0 after the padding above).
    if (isImageToVideo && transformer.patchSizeT)
        g.paddedLatentFrames += g.paddedLatentFrames % *transformer.patchSizeT;
    g.latentHeight = request.height / spatial;
    g.latentWidth = request.width / spatial;
    g.latentChannels = isImageToVideo ? transformer.inChannels / 2 : transformer.inChannels;
    return g;
}

} // namespace framesmith
