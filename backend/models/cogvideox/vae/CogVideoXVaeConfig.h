#pragma once
// AutoencoderKLCogVideoX's vae/config.json, parsed once (through JsonGuard). Keys the port cannot
// honour (quant convs, other block types or activations) are rejected with the key named; sizes
// are range-checked where read.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

struct CogVideoXVaeConfig {
    std::int64_t inChannels = 3;
    std::int64_t outChannels = 3;
    std::vector<std::int64_t> blockOutChannels{128, 256, 256, 512};
    std::int64_t latentChannels = 16;
    std::int64_t layersPerBlock = 3;
    double normEps = 1e-6;
    std::int64_t normNumGroups = 32;
    double temporalCompressionRatio = 4;
    std::int64_t sampleHeight = 480;
    std::int64_t sampleWidth = 720;
    double scalingFactor = 1.15258426;
    std::optional<double> shiftFactor;
    bool invertScaleLatents = false;

    // 2^(blocks - 1): pixels per latent along height and width.
    std::int64_t spatialCompression() const { return std::int64_t{1} << (blockOutChannels.size() - 1); }
    // int(log2(temporal_compression_ratio)): blocks below this index compress time.
    int temporalCompressLevel() const;

    // Throw FileError naming the file and the key (wrong type, out of range, unsupported choice).
    static CogVideoXVaeConfig fromJsonText(const std::string& text, const std::string& sourceName);
    static CogVideoXVaeConfig fromJson(const nlohmann::json& json, const std::string& sourceName);
    static CogVideoXVaeConfig fromFile(const std::string& path);
};

} // namespace framesmith
