#pragma once
// Which Wan model a -Diffusers folder holds, told apart by its configs alone (model_index.json's
// pipeline class, transformer_2, boundary_ratio and expand_timesteps; the transformer's channels
// and width; the VAE's z_dim), never by folder names: users rename folders and the Hub cache hides
// them behind hashes. Plain values; any thread.
#include <string>

namespace framesmith {

enum class WanKind {
    Invalid,
    TextToVideo21,  // Wan 2.1 T2V (1.3B, 14B): one transformer, Wan 2.1 VAE
    ImageToVideo21, // Wan 2.1 I2V-14B: 36-channel input plus the CLIP image encoder
    TextImage22,    // Wan 2.2 TI2V-5B: Wan 2.2 VAE (z 48, 16x), per-token timesteps
    TextToVideoA14B,  // Wan 2.2 T2V-A14B: high- and low-noise experts
    ImageToVideoA14B, // Wan 2.2 I2V-A14B: two 36-channel experts, no image encoder
};

struct WanVariant {
    WanKind kind = WanKind::Invalid;
    std::string id;          // "wan2.1-t2v-1.3b"; for sizes no published repo has, "wan2.1-t2v-h32-d2"
    std::string displayName; // "Wan 2.1 T2V 1.3B"
    std::string kindName;    // the variant without its size: "Wan 2.1 T2V", "Wan 2.2 T2V A14B"
    bool isPublishedSize = false;

    bool hasTwoExperts() const { return kind == WanKind::TextToVideoA14B || kind == WanKind::ImageToVideoA14B; }
    bool takesStartImage() const { return kind != WanKind::TextToVideo21 && kind != WanKind::TextToVideoA14B; }
    bool needsStartImage() const { return kind == WanKind::ImageToVideo21 || kind == WanKind::ImageToVideoA14B; }
};

class WanModelLayout;

const char* wanKindName(WanKind kind); // "wan2.1-t2v", "wan2.1-i2v", "wan2.2-ti2v", "wan2.2-t2v-a14b", "wan2.2-i2v-a14b"
// The variant of a layout whose configs are read; throws FileError (UnsupportedModel) naming the
// config whose field does not fit any Wan model (e.g. transformer_2 without boundary_ratio).
WanVariant wanVariantOf(const WanModelLayout& layout);

} // namespace framesmith
