#pragma once
// The ParameterSpec of a CogVideoX model, from its configs: 1.0 takes 8N+1 frames (49 at 720x480,
// 8 fps), 1.5 16N+1 (81 at 1360x768, 16 fps, THUDM's training setup); sizes in multiples of the
// latent patch (VAE compression x patch size), and only the sample size for learned position
// tables (5b-I2V); the DDIM and DPM samplers; a start image for I2V; the dynamic guidance knob.
// Pure; any thread.
#include "framesmith/ParameterSpec.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"

namespace framesmith {

class CogVideoXSpec {
public:
    static constexpr const char* kDynamicGuidance = "dynamic_guidance"; // the knob: diffusers' use_dynamic_cfg

    static ParameterSpec forModel(const CogVideoXTransformerConfig& transformer, const CogVideoXVaeConfig& vae,
                                  bool isImageToVideo);
};

} // namespace framesmith
