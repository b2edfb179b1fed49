#pragma once
// The size and frame-rate conditioning of one Open-Sora 1.2 batch:
// prepare_multi_resolution_info("STDiT2", batch, (height, width), num_frames, fps, device, dtype).
// The values live in the model's dtype as in the reference, so a bf16 run sees bf16-rounded sizes
// in the timestep transform (426 px becomes 424) exactly as sample.py's dtype="bf16" does.
#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

namespace framesmith {

struct OpenSoraModelKwargs {
    static constexpr int kImageFps = 120; // opensora.datasets.IMG_FPS: the fps of a one-frame "video"

    at::Tensor height;    // [B] pixels
    at::Tensor width;     // [B]
    at::Tensor numFrames; // [B] pixel frames
    at::Tensor ar;        // [B] height / width
    at::Tensor fps;       // [B]; kImageFps when numFrames is 1

    static OpenSoraModelKwargs make(int batch, int heightPx, int widthPx, int frameCount, int fps,
                                    c10::ScalarType dtype, c10::Device device = c10::kCPU);
};

} // namespace framesmith
