#pragma once
// Decoded video tensors to the exporters' RGB frames. For the CLI and the pipeline (which calls
// this after the VAE decode); torch lives here so the public VideoFrames stays torch-free.
#include "framesmith/VideoFrames.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

// frames: float [frames, 3, height, width] in 0..1 (values outside are clamped; NaN/inf throw).
// `what` names the tensor in errors ("FRAMES.safetensors: frames").
VideoFrames videoFramesFromTensor(const at::Tensor& frames, double fps, const std::string& what);

// The same conversion without the checks, into `out` ([frames, height, width, 3] bytes, resized):
// frame by frame, so the host holds one float frame beside the video and its bytes rather than
// several float copies of the whole video (4 x 1.1 GiB at 720p, 102 frames).
void rgbBytesFromTensor(const at::Tensor& frames, std::vector<std::uint8_t>& out);

} // namespace framesmith
