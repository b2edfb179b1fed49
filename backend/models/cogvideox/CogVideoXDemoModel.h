#pragma once
// Writes a small random-weight CogVideoX model in diffusers layout (like CogVideoX-2b: T5 text
// encoder, sincos transformer, 3D VAE, DDIM scheduler) with the project's demo tokenizer, marked
// "_framesmith_demo": true. Its output is noise: it exists to try the app and the CLI in seconds
// without downloading real weights (huggingface.co/THUDM/CogVideoX-2b etc.).
#include <cstdint>
#include <string>

namespace framesmith {

class CogVideoXDemoModel {
public:
    // Throws FileError (Io) naming the file; refuses a non-empty folder that is not a demo model.
    static void write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed);
};

} // namespace framesmith
