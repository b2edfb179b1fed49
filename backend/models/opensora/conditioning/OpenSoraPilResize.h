#pragma once
// Pillow's Image.resize(size, Image.BICUBIC) on an 8-bit RGB image, bit for bit: the separable
// convolution of Resample.c (Keys cubic a = −0.5, support widened by the scale when shrinking, i.e.
// antialiased), coefficients normalised per output pixel and rounded to 22-bit fixed point, the
// horizontal pass first into an 8-bit image, then the vertical one, each rounded and clipped.
// Open-Sora's resize_crop_to_fill runs this on a reference image; libtorch's antialiased bicubic
// works in float and differs by ±1 on many pixels. Any thread.
#include <ATen/core/Tensor.h>

namespace framesmith {

class OpenSoraPilResize {
public:
    // rgb [H, W, 3] uint8 -> [height, width, 3] uint8. Throws InvalidRequestError for other inputs.
    static at::Tensor bicubic(const at::Tensor& rgb, int height, int width);
};

} // namespace framesmith
