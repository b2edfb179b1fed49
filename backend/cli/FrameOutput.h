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
    // Refuses (InvalidRequestError naming `flag`) an output that cannot be written: an unsupported
    // extension, a missing or unwritable folder, a folder in its place. Run before any weight loads.
    static void check(const std::string& path, const std::string& flag = "--out");
    static void checkFolder(const std::string& path, const std::string& flag); // any file: folder only
    static bool wantsFloatFrames(const std::string& path); // .safetensors keeps the float frames
    static void write(const std::string& path, const at::Tensor& frames, const GenerationResult& result);
};

} // namespace framesmith::cli
