#pragma once
// The config.json of a WanTransformer3DModel (diffusers 0.36), parsed once with every number
// range-checked where it is read. Defaults are the class's own (Wan 2.1 T2V-14B). Torch-free; any thread.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace framesmith {

struct WanTransformerConfig {
    std::array<std::int64_t, 3> patchSize{1, 2, 2}; // (t, h, w)
    std::int64_t numAttentionHeads = 40;
    std::int64_t attentionHeadDim = 128;
    std::int64_t inChannels = 16;
    std::int64_t outChannels = 16; // null or 0 in the file: in_channels
    std::int64_t textDim = 4096;
    std::int64_t freqDim = 256;
    std::int64_t ffnDim = 13824;
    std::int64_t numLayers = 40;
    bool crossAttnNorm = true;
    std::string qkNorm = "rms_norm_across_heads";
    double eps = 1e-6;
    std::optional<std::int64_t> imageDim;       // Wan 2.1 I2V: the CLIP hidden size
    std::optional<std::int64_t> addedKvProjDim; // Wan 2.1 I2V: inner dim
    std::int64_t ropeMaxSeqLen = 1024;
    std::optional<std::int64_t> posEmbedSeqLen; // FLF2V only (not ported: refused)

    std::int64_t innerDim() const { return numAttentionHeads * attentionHeadDim; }
    std::int64_t patchVolume() const { return patchSize[0] * patchSize[1] * patchSize[2]; }

    // Throws FileError naming the file and key (BadFile for wrong types, bounds or unsupported
    // options, MissingFile when absent).
    static WanTransformerConfig fromFile(const std::string& path);
};

} // namespace framesmith
