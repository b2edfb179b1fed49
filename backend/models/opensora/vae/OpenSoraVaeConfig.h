#pragma once
// OpenSoraVAE_V1_2's configuration: the VAE repo's config.json (VideoAutoencoderPipelineConfig:
// vae_2d, vae_temporal, micro_frame_size, shift, scale) plus the 2-D VAE folder's config.json.
// Parsed once; torch-free; any thread.
#include "models/opensora/vae/spatial/OpenSoraSpatialVaeConfig.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVaeConfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraVaeConfig {
    OpenSoraSpatialVaeConfig spatial;
    OpenSoraTemporalVaeConfig temporal;
    std::int64_t microFrameSize = 17;  // 0: the whole clip at once (micro_frame_size None)
    std::int64_t microBatchSize = 4;   // vae_2d.micro_batch_size; 0: all frames at once (None)
    double spatialScalingFactor = 0.18215; // VideoAutoencoderKL's scaling_factor, not the 2-D config's
    std::vector<double> shift{-0.10, 0.34, 0.27, 0.98}; // one value (scalar) or one per latent channel
    std::vector<double> scale{3.85, 2.32, 2.33, 3.06};
    bool isShiftScalar = false, isScaleScalar = false;
    // Where the 2-D VAE lives relative to a models root: vae_2d.from_pretrained + "/" + subfolder.
    std::string spatialRepo = "PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers";
    std::string spatialSubfolder = "vae";

    // VideoAutoencoderKL.patch_size: (1, 8, 8), whatever the 2-D config's depth.
    static constexpr std::int64_t kSpatialPatch = 8;

    // vaeRepoConfig: the VAE repo's config.json; spatialConfig: the 2-D VAE's config.json.
    static OpenSoraVaeConfig fromFiles(const std::string& vaeRepoConfig, const std::string& spatialConfig);
    // Only the VAE repo's config.json (the 2-D part keeps its defaults until set).
    static OpenSoraVaeConfig fromRepoJson(const nlohmann::json& j, const std::string& source);
};

} // namespace framesmith
