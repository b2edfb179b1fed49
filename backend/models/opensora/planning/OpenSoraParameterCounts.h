#pragma once
// Element counts of Open-Sora 1.2's VAE and T5 checkpoints from their configs alone (module
// skeletons are built, no tensor is allocated), for the planner and the model inspection:
// OpenSoraVAE_V1_2 = 2-D SDXL VAE + temporal VAE + the shift/scale buffers, T5 per encoder layer.
// Any thread.
#include "models/opensora/vae/OpenSoraVaeConfig.h"
#include "text/T5Config.h"

#include <cstdint>

namespace framesmith {

struct OpenSoraVaeParameterCounts {
    std::int64_t spatial = 0;   // spatial_vae.module.*
    std::int64_t temporal = 0;  // temporal_vae.*
    std::int64_t buffers = 0;   // scale, shift
    std::int64_t total() const { return spatial + temporal + buffers; }
};

struct OpenSoraT5ParameterCounts {
    std::int64_t embedding = 0;  // shared.weight (encoder.embed_tokens is the same tensor)
    std::int64_t perLayer = 0;   // one encoder.block.N (block 0 also holds the relative attention bias)
    std::int64_t layers = 0;
    std::int64_t other = 0;      // the relative attention bias, final_layer_norm
    std::int64_t total() const { return embedding + perLayer * layers + other; }
};

class OpenSoraParameterCounts {
public:
    static OpenSoraVaeParameterCounts vae(const OpenSoraVaeConfig& config);
    static OpenSoraT5ParameterCounts t5(const T5Config& config);
};

} // namespace framesmith
