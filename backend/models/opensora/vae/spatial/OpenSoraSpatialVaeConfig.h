#pragma once
// The 2-D VAE's config.json (diffusers AutoencoderKL, as in PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae),
// parsed once with bounds. Open-Sora's VideoAutoencoderKL scales by its own 0.18215, not the
// file's scaling_factor, and never tiles, so those keys are read but do not steer the port.
// Torch-free; any thread.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraSpatialVaeConfig {
    std::int64_t inChannels = 3;
    std::int64_t outChannels = 3;
    std::vector<std::int64_t> blockOutChannels{64}; // AutoencoderKL defaults
    std::int64_t layersPerBlock = 1;
    std::int64_t latentChannels = 4;
    std::int64_t normNumGroups = 32;
    bool useQuantConv = true;
    bool usePostQuantConv = true;
    bool midBlockAddAttention = true;
    bool isReluActivation = false; // act_fn "relu" instead of "silu"/"swish"
    double fileScalingFactor = 0.18215; // the file's value, ignored by Open-Sora

    // 2^(blocks - 1): pixels per latent along height and width.
    std::int64_t spatialCompression() const { return std::int64_t{1} << (blockOutChannels.size() - 1); }

    static OpenSoraSpatialVaeConfig fromJson(const nlohmann::json& j, const std::string& source);
    static OpenSoraSpatialVaeConfig fromFile(const std::string& path);
};

} // namespace framesmith
