#pragma once
// Wan 2.1 I2V's image_processor/preprocessor_config.json (transformers CLIPImageProcessor) applied
// to the start image: shortest edge resized to size.shortest_edge (bicubic with antialiasing, to
// uint8; PIL's own BICUBIC differs by at most one uint8 step, and an image already at that size is
// left alone as PIL leaves it), center crop to crop_size, x·rescale_factor (float64, then float32),
// (x − mean) / std in float32. Any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

class WanClipImageProcessor {
public:
    // Throws FileError naming the file and key.
    static WanClipImageProcessor fromFile(const std::string& path);

    // uint8 [H, W, 3] -> pixel_values [1, 3, cropHeight, cropWidth] float32. Throws ShapeError.
    at::Tensor preprocess(const at::Tensor& imageUint8) const;

private:
    at::Tensor resize(const at::Tensor& chw) const;

    std::int64_t m_shortestEdge = 224;
    std::int64_t m_cropHeight = 224, m_cropWidth = 224;
    double m_rescaleFactor = 1.0 / 255.0;
    std::vector<double> m_mean, m_std;
    bool m_doResize = true, m_doCenterCrop = true;
};

} // namespace framesmith
