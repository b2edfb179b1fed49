#pragma once
// A tiny random-weight Open-Sora 1.2 in the layout users download (make-demo-model --family
// opensora): ROOT/hpcai-tech/OpenSora-STDiT-v3, ROOT/hpcai-tech/OpenSora-VAE-v1.2, the 2-D VAE at
// ROOT/PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae and T5 at ROOT/DeepFloyd/t5-v1_1-xxl,
// with the fixtures' tiny configs (STDiT3 hidden 32, depth 2; VAE filters 8; T5 d_model 32) and
// the demo tokenizer, plus ROOT/framesmith-demo.json, written last, which marks it as a demo.
// The calling thread only.
#include <cstdint>
#include <string>

namespace framesmith {

class OpenSoraDemoModel {
public:
    static constexpr const char* kMarkerFile = "framesmith-demo.json";

    // Throws FileError (Io) naming the file; refuses a non-empty folder that is not a demo model.
    static void write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed);
    static bool isDemo(const std::string& root);
};

} // namespace framesmith
