#pragma once
// What an Open-Sora 1.2 model accepts (ParameterSpec), from its STDiT3 and VAE configs: one image
// or 17 to 408 frames (2 to 16 give RFLOW an undefined first timestep), even sizes from one latent
// patch up, sample.py's defaults (240p 9:16, 51 frames, 24 fps, 30 steps, guidance 7), the
// aspect.py presets, the RFLOW sampler, fps conditioning, no negative prompt (the model guides
// against its own null caption), text-to-video only. Pure; any thread.
#include "framesmith/ParameterSpec.h"

namespace framesmith {

struct STDiT3Config;
struct OpenSoraVaeConfig;

class OpenSoraSpec {
public:
    static constexpr int kMaxFrames = 408; // NUM_FRAMES_MAP "16s", the longest clip the v1.2 configs name
    static ParameterSpec forModel(const STDiT3Config& transformer, const OpenSoraVaeConfig& vae);
};

} // namespace framesmith
