#pragma once
// Writes a small random-weight Wan model in the -Diffusers layout (Wan 2.1 T2V at the fixtures'
// tiny sizes: UMT5 text encoder, WanTransformer3DModel, Wan 2.1 VAE, UniPC) with the project's demo
// tokenizer (a T5 SentencePiece model: no umt5 tokenizer ships with Framesmith), marked
// "_framesmith_demo": true. Its output is noise: it exists to try the app and the CLI in seconds.
#include <cstdint>
#include <string>

namespace framesmith {

class WanDemoModel {
public:
    static constexpr std::uint64_t kDefaultSeed = 20261122;

    // Throws FileError (Io) naming the file; refuses a non-empty folder that is not a model folder.
    static void write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed = kDefaultSeed);
};

} // namespace framesmith
