#pragma once
// What a Wan model folder can run, from its configs alone: text-to-video (every model whose
// transformer takes the VAE's latent channels), TI2V's first-frame image-to-video (expand_timesteps),
// the channel-concatenating image-to-video (36-channel input); 4k + 1 frames; sizes in multiples of
// the VAE's spatial compression times the patch (16 for Wan 2.1, 32 for Wan 2.2's VAE). Refuses a
// request before any weight loads, naming the field. (What the front ends offer is WanSpec, the
// family's.) Torch-free; any thread.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"
#include "models/wan/pipeline/WanModelIndex.h"
#include "models/wan/transformer/WanTransformerConfig.h"
#include "models/wan/vae/WanVaeConfig.h"

#include <cstdint>

namespace framesmith {

enum class WanRunMode { Invalid, TextToVideo, FirstFrameImage, ChannelConcatImage };

class WanPipelineRules {
public:
    WanPipelineRules(WanModelIndex index, WanTransformerConfig transformer, WanVaeConfig vae);

    // Throws InvalidRequestError("startImage") when the model cannot run the request that way
    // (an I2V model without an image, a text-only model with one, Wan 2.1 I2V without its CLIP encoder).
    WanRunMode mode(bool hasStartImage) const;
    // Throws InvalidRequestError naming frameCount, width/height, steps, guidanceScale or startImage.
    void check(const GenerationRequest& request, bool hasStartImage) const;

    std::int64_t spatialCompression() const;  // pixels per latent: 8 or 16
    std::int64_t temporalCompression() const; // frames per latent frame after the first: 4
    std::int64_t sizeMultiple() const;        // spatialCompression · patch (h, w)
    std::int64_t latentChannels() const { return m_vae.zDim; }
    std::int64_t latentFrames(int frameCount) const { return (frameCount - 1) / temporalCompression() + 1; }

private:
    WanModelIndex m_index;
    WanTransformerConfig m_transformer;
    WanVaeConfig m_vae;
};

} // namespace framesmith
