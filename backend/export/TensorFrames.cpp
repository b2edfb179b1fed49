#include "export/TensorFrames.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>


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
    VideoFrames out;
    out.frameCount = static_cast<int>(frames.size(0));
    out.height = static_cast<int>(frames.size(2));
    out.width = static_cast<int>(frames.size(3));
    out.fps = fps;
    rgbBytesFromTensor(values, out.rgb);
    return out;
}

void rgbBytesFromTensor(const at::Tensor& frames, std::vector<std::uint8_t>& out)
{
    const std::int64_t count = frames.size(0), height = frames.size(2), width = frames.size(3);
    const std::int64_t frameBytes = height * width * 3;
    out.resize(static_cast<std::size_t>(count * frameBytes));
    for (std::int64_t f = 0; f < count; ++f) {
        // [3, height, width] in 0..1 -> [height, width, 3] bytes
        const at::Tensor bytes = frames[f].to(at::kCPU, at::kFloat).clamp(0, 1).mul_(255).round_().to(at::kByte);
        at::from_blob(out.data() + f * frameBytes, {height, width, 3}, at::kByte).copy_(bytes.permute({1, 2, 0}));
    }
}

} // namespace framesmith
