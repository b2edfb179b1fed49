#pragma once
// The temporal VAE's sizes (VAE_Temporal in opensora/models/vae/vae_temporal.py), from the VAE repo
// config's "vae_temporal" object. Its "type" picks the defaults, as the reference's registry does:
// "VAE_Temporal_SD" (what OpenSoraVAE_V1_2 builds: filters 128, 4 res blocks, multipliers
// 1-2-2-4, temporal downsampling F-T-T) or "VAE_Temporal" (the class defaults, downsampling T-T-F);
// keys present in the object override them. Torch-free; any thread.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraTemporalVaeConfig {
    std::int64_t inOutChannels = 4;
    std::int64_t latentEmbedDim = 4;
    std::int64_t embedDim = 4;
    std::int64_t filters = 128;
    std::int64_t numResBlocks = 4;
    std::vector<std::int64_t> channelMultipliers{1, 2, 2, 4};
    std::vector<bool> temporalDownsample{false, true, true};
    std::int64_t numGroups = 32;
    bool isReluActivation = false; // activation_fn "relu" instead of "swish"

    std::int64_t blocks() const { return static_cast<std::int64_t>(channelMultipliers.size()); }
    // Whether block i (0 <= i < blocks - 1) halves time (encoder) / doubles it (decoder, block i + 1).
    bool downsamplesTime(std::int64_t i) const { return temporalDownsample[static_cast<std::size_t>(i)]; }
    // 2 ** sum(temporal_downsample): pixel frames per latent frame (every entry counts, as in the
    // reference, even ones past the last block).
    std::int64_t timeDownsampleFactor() const;
    // get_latent_size for time: frames padded at the front to a multiple of the factor, divided.
    std::int64_t latentFrames(std::int64_t frames) const;

    static OpenSoraTemporalVaeConfig sdDefaults();     // VAE_Temporal_SD
    static OpenSoraTemporalVaeConfig classDefaults();  // VAE_Temporal()
    // object: the "vae_temporal" dict; source names the file for errors.
    static OpenSoraTemporalVaeConfig fromJson(const nlohmann::json& object, const std::string& source);
};

} // namespace framesmith
