#pragma once
// Writes a small random-weight CogVideoX model in diffusers layout (like CogVideoX-2b: T5 text
// encoder, sincos transformer, 3D VAE, DDIM scheduler) with the project's demo tokenizer, marked
// "_framesmith_demo": true. Its output is noise: it exists to try the app and the CLI in seconds
// without downloading real weights (huggingface.co/THUDM/CogVideoX-2b etc.).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace framesmith {

class CogVideoXDemoModel {
public:
    static constexpr std::uint64_t kDefaultSeed = 20261122;

    // Throws FileError (Io) naming the file; refuses a non-empty folder that is not a demo model.
    static void write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed = kDefaultSeed);
    // The same layout with other component configs (benchmarks write real widths this way).
    static void writeWithConfigs(const std::string& dir, const std::string& tokenizerDir,
                                 const nlohmann::json& transformer, const nlohmann::json& vae,
                                 const nlohmann::json& textEncoder, std::uint64_t seed = kDefaultSeed);
    // The demo text encoder's config for this tokenizer (its vocabulary size).
    static nlohmann::json textEncoderConfig(const std::string& tokenizerDir);
};

} // namespace framesmith
