#pragma once
// The config.json of an AutoencoderKLWan (diffusers 0.36), parsed once, numbers range-checked where
// read. This port runs the Wan 2.1 VAE (z_dim 16, no residual blocks, no patchify); a Wan 2.2 VAE
// (is_residual, patch_size) or attention scales are refused naming the key. Torch-free; any thread.
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
    std::vector<double> latentsMean; // z_dim values
    std::vector<double> latentsStd;

    // Throws FileError naming the file and key.
    static WanVaeConfig fromFile(const std::string& path);
};

} // namespace framesmith
