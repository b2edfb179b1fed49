#pragma once
// The Wan VAE's working memory for a decode, walked the way WanVae runs it: post_quant_conv over all
// latents, then the decoder one latent frame at a time through the causal cache (every temporal 3x3x3
// conv keeps two input frames of its own resolution between chunks), the decoded chunks collected
// and concatenated, unpatchified (Wan 2.2) and clamped. So the peak is the cache, the widest layer of
// one chunk (a residual block's conv at full resolution, or an upsampler's nearest-exact copy) and
// the video decoded so far: frame count only enters through the output. Tiled decode runs the same
// per tile, holding the tiles' outputs until they are blended. The encode (a start image's condition)
// runs chunks of 1, 4, 4, ... frames the same way, never tiled. The walks: WanVaeDecoderWalk,
// WanVaeEncoderWalk. Pure; any thread.
#include "models/wan/vae/WanVaeConfig.h"

#include <cstdint>
#include <string>

namespace framesmith {

struct WanVaeWorkload {
    std::int64_t batch = 1;
    std::int64_t latentFrames = 0;  // F of the latents
    std::int64_t height = 0;        // pixels
    std::int64_t width = 0;
    std::int64_t elementBytes = 4;  // the VAE's dtype
    bool fusedAttention = false;    // the mid-block attention: SDPA's row statistics, else the score budget
    bool isCpu = false;             // oneDNN's input and output reorders around every conv
    std::int64_t tileHeight = 0;    // pixels; 0: untiled
    std::int64_t tileWidth = 0;
    std::int64_t strideHeight = 0;
    std::int64_t strideWidth = 0;
};

struct WanVaeMemory {
    std::int64_t peakBytes = 0;   // activations and held tensors at the peak (weights excluded)
    std::int64_t cacheBytes = 0;  // the causal cache of one chunk (one tile)
    std::int64_t layerBytes = 0;  // the widest layer's live set in one chunk
    std::int64_t outputBytes = 0; // the decoded video in the VAE's dtype (encode: the latents' mean and log-variance)
    std::string peakStage;        // "chunk" or "assembly"
};

class WanVaeWorkingSet {
public:
    static WanVaeMemory decode(const WanVaeConfig& config, const WanVaeWorkload& workload);
    // Encoding a video of 1 + 4 (latentFrames - 1) frames at height x width (held by the caller, not
    // counted); tiling is ignored. Peak bytes above the input.
    static WanVaeMemory encode(const WanVaeConfig& config, const WanVaeWorkload& workload);
    // Pixels per latent: 8 for the Wan 2.1 VAE, 16 for Wan 2.2 (8 x patch_size 2).
    static std::int64_t spatialCompression(const WanVaeConfig& config);
    static std::int64_t temporalCompression(const WanVaeConfig& config);
};

} // namespace framesmith
