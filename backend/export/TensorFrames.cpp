#include "export/TensorFrames.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cstring>

namespace framesmith {

static std::string shapeText(const at::Tensor& t)
{
    std::string text = "[";
    for (int64_t d = 0; d < t.dim(); ++d)
        text += (d ? ", " : "") + std::to_string(t.size(d));
    return text + "]";
}

VideoFrames videoFramesFromTensor(const at::Tensor& frames, double fps, const std::string& what)
{
    if (frames.dim() != 4 || frames.size(1) != 3)
        throw ShapeError(what + ": expected [frames, 3, height, width], got " + shapeText(frames));
    if (!frames.is_floating_point())
        throw ShapeError(what + ": expected floating-point values in 0..1, got " +
                         std::string(c10::toString(frames.scalar_type())));
    const at::Tensor values = frames.to(at::kCPU, at::kFloat);
    if (!at::isfinite(values).all().item<bool>())
        throw NumericalError(what + ": contains NaN or infinite values; nothing to export");
    // [frames, 3, height, width] in 0..1 -> [frames, height, width, 3] bytes
    const at::Tensor bytes =
        values.clamp(0, 1).mul(255).round().to(at::kByte).permute({0, 2, 3, 1}).contiguous();
    VideoFrames out;
    out.frameCount = static_cast<int>(frames.size(0));
    out.height = static_cast<int>(frames.size(2));
    out.width = static_cast<int>(frames.size(3));
    out.fps = fps;
    out.rgb.resize(static_cast<std::size_t>(bytes.numel()));
    std::memcpy(out.rgb.data(), bytes.data_ptr<std::uint8_t>(), out.rgb.size());
    return out;
}

} // namespace framesmith
