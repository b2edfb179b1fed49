#pragma once
// The image_encoder/config.json of Wan 2.1 I2V (transformers CLIPVisionConfig: laion
// CLIP-ViT-H-14 in the real repo), parsed once, numbers range-checked where read. Torch-free; any thread.
#include <cstdint>
#include <string>

namespace framesmith {

struct WanClipVisionConfig {
    std::int64_t hiddenSize = 1280;
    std::int64_t intermediateSize = 5120;
    std::int64_t numAttentionHeads = 16;
    std::int64_t numHiddenLayers = 32;
    std::int64_t numChannels = 3;
    std::int64_t imageSize = 224;
    std::int64_t patchSize = 14;
    double layerNormEps = 1e-5;
    std::string hiddenAct = "gelu"; // "gelu" or "quick_gelu"

    std::int64_t positions() const { return (imageSize / patchSize) * (imageSize / patchSize) + 1; }

    // Throws FileError naming the file and key.
    static WanClipVisionConfig fromFile(const std::string& path);
};

} // namespace framesmith
