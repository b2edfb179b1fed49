#pragma once
// diffusers' VaeImageProcessor.preprocess (VideoProcessor.preprocess for one image) as the
// image-to-video pipelines call it, with the clip's height and width and the defaults they all
// construct it with (do_resize, resample "lanczos", resize_mode "default", do_normalize): the start
// image is stretched to height x width -- the aspect ratio is not kept, nothing is cropped or padded --
// brought to [0, 1] and normalised to [-1, 1]. One block for every family that conditions on a start
// image this way. Any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

class VaeImageProcessor {
public:
    // rgb [H0, W0, 3] uint8 -> [1, 3, height, width] float32 in [-1, 1]; an image already at that
    // size is not resampled. Throws InvalidRequestError("startImage") for anything but 8-bit RGB.
    static at::Tensor preprocess(const at::Tensor& rgb, std::int64_t height, std::int64_t width);
};

} // namespace framesmith
