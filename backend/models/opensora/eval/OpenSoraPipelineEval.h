#pragma once
// `framesmith-cli eval pipeline` for Open-Sora: scripts/inference.py main() for a
// golden/pipeline.safetensors case. The request comes from the metadata (prompts.raw — one sample
// per prompt —, image_size, num_frames, aes, flow, the call's config: fps, scheduler settings,
// dtype); the noise is replayed from initial_noise and stepK.mask_noise when the case holds them
// (FRAMESMITH_EVAL_NOISE=generator draws from seed 1024, as the reference does). Returns every
// output under its golden name: t5.*, y, mask, y_null, model_kwargs.*, initial_noise, t2v_mask,
// stepK.*, final_latents, decode.x_z, video, video_uint8. CPU, one thread.
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace framesmith {

class OpenSoraPipelineEval {
public:
    static std::map<std::string, at::Tensor> run(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                 const nlohmann::json& meta);
    // save_sample's uint8 frames: [B, 3, F, H, W] in about [-1, 1] -> [B, F, H, W, 3].
    static at::Tensor toUint8Frames(const at::Tensor& video);
};

} // namespace framesmith
