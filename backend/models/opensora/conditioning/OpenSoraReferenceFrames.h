#pragma once
// A reference image or video as Open-Sora 1.2's inference reads it for conditioning
// (read_from_path(path, image_size, transform_name="resize_crop") at df5668c): scaled to cover the
// clip's size keeping its aspect ratio, centre-cropped, then (x/255 − 0.5)/0.5, as [3, F, H, W]
// float32 in [−1, 1]. The two paths differ in the reference and are kept apart here:
// - an image: Pillow's bicubic resize on the 8-bit image (OpenSoraPilResize), the crop offset
//   round((sw − tw)/2) with Python's round (halves to even);
// - a video (.mp4 .avi .mov .mkv, read through the project's FFmpeg reader): every frame, bilinear
//   interpolation in float (align_corners false, no antialiasing), the crop offset
//   int(round(sw − tw)/2), i.e. half the difference truncated.
// Any thread.
#include <ATen/core/Tensor.h>

#include <string>

namespace framesmith {

class OpenSoraReferenceFrames {
public:
    // rgb [H0, W0, 3] uint8 -> [3, 1, height, width].
    static at::Tensor fromImage(const at::Tensor& rgb, int height, int width);
    // frames [F, H0, W0, 3] uint8 -> [3, F, height, width].
    static at::Tensor fromVideo(const at::Tensor& frames, int height, int width);
    // The longest reference video read: the longest clip Open-Sora 1.2 makes (OpenSoraSpec).
    static constexpr int kMaxVideoFrames = 408;

    // By extension, as the reference decides. A video is read and fitted frame by frame (the
    // interpolation is per frame, so the result is fromVideo's on all frames), holding one frame
    // at its own size at a time. Throws FileError naming the file it cannot read, and
    // InvalidRequestError("references") for a video of more than maxVideoFrames frames.
    static at::Tensor read(const std::string& path, int height, int width, int maxVideoFrames = kMaxVideoFrames);
    static bool isVideoPath(const std::string& path);
    // Opens the file far enough to know it can be read (an image decoded, a video's header and
    // decoder), before any model is loaded. Throws FileError naming it.
    static void probe(const std::string& path);
};

} // namespace framesmith
