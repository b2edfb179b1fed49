#include "models/VaeImageProcessor.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <string>

namespace framesmith {

at::Tensor VaeImageProcessor::preprocess(const at::Tensor& rgb, std::int64_t height, std::int64_t width)
{
    if (rgb.dim() != 3 || rgb.size(2) != 3 || rgb.scalar_type() != at::kByte)
        throw InvalidRequestError("startImage", "expected an 8-bit RGB image [H, W, 3], got " +
                                                    std::string(c10::str(rgb.sizes())) + " " +
                                                    std::string(c10::toString(rgb.scalar_type())));
    if (height < 1 || width < 1)
        throw InvalidRequestError("startImage", "cannot resize the start image to " + std::to_string(width) + " x " +
                                                    std::to_string(height));
    // pil_to_numpy: uint8 / 255 in float32; [1, 3, H0, W0]
    at::Tensor image = rgb.permute({2, 0, 1}).unsqueeze(0).to(at::kFloat) / 255.0;
    if (image.size(2) != height || image.size(3) != width) {
        // PIL's Image.resize((width, height), LANCZOS): both axes scaled independently (a stretch).
        // Antialiased bicubic is the closest libtorch filter; equal sizes (the fixtures') are untouched.
        image = at::_upsample_bicubic2d_aa(image, {height, width}, /*align_corners=*/false).clamp(0.0, 1.0);
    }
    return image * 2.0 - 1.0; // normalize: 2x - 1
}

} // namespace framesmith
