#pragma once
// Decoded video tensors to the exporters' RGB frames. For the CLI and the pipeline (which calls
// this after the VAE decode); torch lives here so the public VideoFrames stays torch-free.
#include "framesmith/VideoFrames.h"

#include <ATen/core/Tensor.h>

#include <string>

namespace framesmith {

// frames: float [frames, 3, height, width] in 0..1 (values outside are clamped; NaN/inf throw).
// `what` names the tensor in errors ("FRAMES.safetensors: frames").
VideoFrames videoFramesFromTensor(const at::Tensor& frames, double fps, const std::string& what);

} // namespace framesmith
