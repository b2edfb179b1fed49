#pragma once
// The VAE decode's working memory, walked conv by conv through the decoder the way
// CogVideoXVae decodes: frame batches of 2 latent frames (the remainder joins the first),
// causal convolutions and upsamplers that materialise at most VaeOptions::convWindowBytes of
// padded input at a time (the same ConvWindowPlan as the model), the 2-frame causal caches every
// conv keeps for the next batch, and the decoded video held whole. The peak is the largest conv's
// live set (its input, residual, window, output and the convolution engine's own buffers) plus
// the caches held at that moment. Pure; any thread.
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"

#include <cstdint>

namespace framesmith {

struct CogVideoXVaeDecodeShape {
    std::int64_t latentFrames = 0;  // decoded latent frames (after dropping 1.5's padding)
    std::int64_t latentHeight = 0;  // of the frame (or of one tile)
    std::int64_t latentWidth = 0;
    std::int64_t outputBytes = 0;   // the decoded video (and, tiled, its tiles) held meanwhile
    std::int64_t elementBytes = 4;
    std::int64_t convWindowBytes = std::int64_t{8} << 20; // VaeOptions::convWindowBytes
    // CPU: oneDNN, called directly (VaeConvolution), reorders input, output and weights.
    // GPUs: cuDNN, a workspace about the size of its operands.
    bool isCpu = false;
};

class CogVideoXVaeWorkingSet {
public:
    static std::int64_t peakBytes(const CogVideoXVaeConfig& config, const CogVideoXVaeDecodeShape& shape);
};

} // namespace framesmith
