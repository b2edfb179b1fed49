#pragma once
// Writes decoded frames where the user asked: "*.safetensors" gets tensor "frames" (float
// [F, 3, H, W] in 0..1) with the request JSON in the metadata; video extensions (.mp4, .webm,
// .mov, .gif) go through the export engine (exportVideo, with the request as sidecar and tags).
#include "framesmith/GenerationResult.h"

#include <ATen/core/Tensor.h>

#include <string>

namespace framesmith::cli {

class FrameOutput {
public:
    static void write(const std::string& path, const at::Tensor& frames, const GenerationResult& result);
};

} // namespace framesmith::cli
