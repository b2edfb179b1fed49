#include "models/wan/image/WanClipImageProcessor.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

WanClipImageProcessor WanClipImageProcessor::fromFile(const std::string& path)
{
    const nlohmann::json json = JsonGuard::readFile(path);
    if (!json.is_object())
        throw FileError(ErrorCode::BadFile, path, "is not a JSON object");
    WanClipImageProcessor p;
    const ConfigReader r(json, path);
    r.flag("do_resize", p.m_doResize);
    r.flag("do_center_crop", p.m_doCenterCrop);
    r.number("rescale_factor", p.m_rescaleFactor, 0.0, 1.0);
    p.m_mean = {0.48145466, 0.4578275, 0.40821073}; // OPENAI_CLIP_MEAN / STD, the class defaults
    p.m_std = {0.26862954, 0.26130258, 0.27577711};
    r.numbers("image_mean", p.m_mean, 3, 3);
    r.numbers("image_std", p.m_std, 3, 3);
    if (json.contains("size"))
        ConfigReader(json["size"], path, "size.").integer("shortest_edge", p.m_shortestEdge, 1, 8192);
    if (json.contains("crop_size")) {
        const ConfigReader crop(json["crop_size"], path, "crop_size.");
        crop.integer("height", p.m_cropHeight, 1, 8192);
        crop.integer("width", p.m_cropWidth, 1, 8192);
    }
    for (const char* key : {"do_rescale", "do_normalize", "do_convert_rgb"})
        if (json.contains(key) && json[key] == false)
            r.fail(key, "false is not supported (every Wan repo sets it)");
    return p;
}

at::Tensor WanClipImageProcessor::resize(const at::Tensor& chw) const
{
    const std::int64_t h = chw.size(1), w = chw.size(2);
    const std::int64_t shortSide = std::min(h, w), longSide = std::max(h, w);
    // get_resize_output_image_size(default_to_square=False): (short, int(short · long / short))
    const std::int64_t newLong = static_cast<std::int64_t>(static_cast<double>(m_shortestEdge) * longSide / shortSide);
    const std::int64_t outH = h <= w ? m_shortestEdge : newLong, outW = h <= w ? newLong : m_shortestEdge;
    if (outH == h && outW == w)
        return chw; // PIL's resize to the same size is a copy
    const at::Tensor x = chw.to(at::kFloat).unsqueeze(0);
    const at::Tensor y = at::_upsample_bicubic2d_aa(x, {outH, outW}, /*align_corners=*/false);
    return y.squeeze(0).round().clamp(0, 255).to(at::kByte);
}

at::Tensor WanClipImageProcessor::preprocess(const at::Tensor& imageUint8) const
{
    if (imageUint8.dim() != 3 || imageUint8.size(2) != 3 || imageUint8.scalar_type() != at::kByte)
        throw ShapeError("Wan image processor: expected a uint8 RGB image [H, W, 3], got " +
                         std::string(c10::str(imageUint8.sizes())));
    at::Tensor chw = imageUint8.permute({2, 0, 1}); // [3, H, W] uint8
    if (m_doResize)
        chw = resize(chw);
    if (m_doCenterCrop) {
        if (chw.size(1) < m_cropHeight || chw.size(2) < m_cropWidth)
            throw ShapeError("Wan image processor: the image " + std::string(c10::str(chw.sizes())) +
                             " is smaller than the crop " + std::to_string(m_cropHeight) + " x " + std::to_string(m_cropWidth));
        const std::int64_t top = (chw.size(1) - m_cropHeight) / 2, left = (chw.size(2) - m_cropWidth) / 2;
        chw = chw.narrow(1, top, m_cropHeight).narrow(2, left, m_cropWidth);
    }
    // rescale: image.astype(float64) · factor, then float32; normalize in float32
    const at::Tensor x = (chw.to(at::kDouble) * m_rescaleFactor).to(at::kFloat);
    const at::Tensor mean = at::tensor(m_mean, at::kDouble).to(at::kFloat).view({3, 1, 1});
    const at::Tensor std = at::tensor(m_std, at::kDouble).to(at::kFloat).view({3, 1, 1});
    return ((x - mean) / std).unsqueeze(0).contiguous();
}

} // namespace framesmith
