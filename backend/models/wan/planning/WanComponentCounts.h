#pragma once
// Element counts of a Wan model's components besides its transformers, from their configs alone:
// the CLIP vision tower of Wan 2.1 I2V (transformers CLIPVisionModel: embeddings, pre/post layer
// norms, the encoder layers; the pipeline reads hidden_states[-2], but every layer is loaded) and
// the Wan VAE (AutoencoderKLWan, counted from the port's own module skeleton: no tensor allocated).
// UMT5 is T5MemoryModel's. Any thread.
#include "models/wan/vae/WanVaeConfig.h"

#include <cstdint>
#include <string>

namespace framesmith {

struct WanVaeCount {
    std::int64_t encoder = 0; // encoder.*
    std::int64_t decoder = 0; // decoder.*
    std::int64_t other = 0;   // quant_conv, post_quant_conv
    std::int64_t total() const { return encoder + decoder + other; }
};

struct WanImageEncoderCount {
    std::int64_t elements = 0;
    std::int64_t tokens = 0; // patches + [CLS]: the rows the transformer's cross-attention gets
    std::int64_t hidden = 0;
    std::int64_t intermediate = 0;
    std::int64_t heads = 0;
};

class WanComponentCounts {
public:
    // image_encoder/config.json (CLIPVisionConfig); FileError naming the file and key.
    static WanImageEncoderCount imageEncoder(const std::string& configPath);
    static WanVaeCount vae(const WanVaeConfig& config);
};

} // namespace framesmith
