#pragma once
// `framesmith-cli eval vae` for Wan cases: whichever of video (encode), z (decode), tiled_z and
// tiled_video (tiles from the metadata's enable_tiling call) the case holds; a case with image_uint8
// is a concatenating-I2V condition (prepare_latents, golden/i2v/). The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanVaeEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
