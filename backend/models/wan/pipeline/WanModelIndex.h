#pragma once
// What a Wan -Diffusers folder's model_index.json says about how to run it: the pipeline class
// (WanPipeline or WanImageToVideoPipeline), A14B's boundary_ratio, TI2V's expand_timesteps, which
// denoiser experts and whether a CLIP image encoder are present. Read once through
// DiffusersModelFolder (JsonGuard). Torch-free; any thread.
#include <optional>
#include <string>

namespace framesmith {

struct WanModelIndex {
    std::string pipelineClass;          // "WanPipeline" or "WanImageToVideoPipeline"
    std::optional<double> boundaryRatio; // A14B: the expert switch at boundary_ratio · num_train_timesteps
    bool expandTimesteps = false;       // Wan 2.2 TI2V: per-token timesteps, first-frame image conditioning
    bool hasTransformer2 = false;       // A14B's low-noise expert
    bool hasImageEncoder = false;       // Wan 2.1 I2V's CLIPVisionModel

    bool isImageToVideoClass() const { return pipelineClass == "WanImageToVideoPipeline"; }

    // Throws FileError naming model_index.json (missing, unreadable, a boundary_ratio outside (0, 1]).
    static WanModelIndex read(const std::string& folder);
};

} // namespace framesmith
