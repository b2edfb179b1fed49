#pragma once
// The config.json of an AutoencoderKLWan (diffusers 0.36), parsed once, numbers range-checked where
// read: the Wan 2.1 VAE (z_dim 16) and the Wan 2.2 VAE (z_dim 48, is_residual, patch_size 2).
// Attention scales (no Wan VAE has any) are refused naming the key; clip_output, which v0.36's
// conversion script writes and v0.36 no longer takes, is ignored as diffusers ignores it.
// Torch-free; any thread.
#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct WanVaeConfig {
    std::int64_t baseDim = 96;
    std::int64_t decoderBaseDim = 96; // null in the file: base_dim
    std::int64_t zDim = 16;
    std::vector<std::int64_t> dimMult{1, 2, 4, 4};
    std::int64_t numResBlocks = 2;
    std::vector<bool> temperalDownsample{false, true, true}; // diffusers' spelling
    std::int64_t inChannels = 3;
    std::int64_t outChannels = 3;
    bool isResidual = false;    // Wan 2.2: residual down/up blocks with AvgDown3D / DupUp3D shortcuts
    std::int64_t patchSize = 1; // Wan 2.2: 2 (pixel-unshuffled input, 12 channels)
    std::vector<double> latentsMean; // z_dim values
    std::vector<double> latentsStd;

    // Throws FileError naming the file and key.
    static WanVaeConfig fromFile(const std::string& path);
};

} // namespace framesmith
