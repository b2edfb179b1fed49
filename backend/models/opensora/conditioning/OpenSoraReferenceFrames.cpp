#include "models/opensora/conditioning/OpenSoraReferenceFrames.h"

#include "export/FfmpegVideoReader.h"
#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraPilResize.h"
#include "export/ImageFile.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <vector>

namespace framesmith {

namespace {

// torchvision's ToTensor then Normalize(0.5, 0.5): float32 u/255, then (x − 0.5)/0.5.
at::Tensor normalise(const at::Tensor& uint8Frames)
{
    return uint8Frames.to(at::kFloat).div(255).sub(0.5).div(0.5);
}

// The size that covers (th, tw) keeping the aspect ratio, as resize_crop_to_fill computes it.
std::pair<int, int> coverSize(std::int64_t h, std::int64_t w, int th, int tw)
{
    const double rh = static_cast<double>(th) / h, rw = static_cast<double>(tw) / w;
    if (rh > rw)
        return {th, static_cast<int>(std::nearbyint(w * rh))}; // Python round: halves to even
    return {static_cast<int>(std::nearbyint(h * rw)), tw};
}

void requireSize(int height, int width)
{
    if (height < 1 || width < 1)
        throw InvalidRequestError("references", "the clip size must be positive to fit a reference to it");
}

} // namespace

at::Tensor OpenSoraReferenceFrames::fromImage(const at::Tensor& rgb, int height, int width)
{
    requireSize(height, width);
    if (rgb.dim() != 3 || rgb.size(2) != 3 || rgb.scalar_type() != at::kByte)
        throw InvalidRequestError("references", "expected an 8-bit RGB image");
    const auto [sh, sw] = coverSize(rgb.size(0), rgb.size(1), height, width);
    const at::Tensor scaled = OpenSoraPilResize::bicubic(rgb, sh, sw);
    // int(round((s − t) / 2.0)): std::nearbyint rounds halves to even in the default mode, as Python does.
    const auto i = static_cast<std::int64_t>(std::nearbyint((sh - height) / 2.0));
    const auto j = static_cast<std::int64_t>(std::nearbyint((sw - width) / 2.0));
    const at::Tensor cropped = scaled.slice(0, i, i + height).slice(1, j, j + width);
    return normalise(cropped).permute({2, 0, 1}).unsqueeze(1).contiguous(); // [3, 1, H, W]
}

at::Tensor OpenSoraReferenceFrames::fromVideo(const at::Tensor& frames, int height, int width)
{
    requireSize(height, width);
    if (frames.dim() != 4 || frames.size(3) != 3 || frames.scalar_type() != at::kByte || frames.size(0) < 1)
        throw InvalidRequestError("references", "expected 8-bit RGB video frames");
    const auto [sh, sw] = coverSize(frames.size(1), frames.size(2), height, width);
    const at::Tensor clip = frames.permute({0, 3, 1, 2}).to(at::kFloat).div(255); // ToTensorVideo: TCHW
    const at::Tensor scaled = at::upsample_bilinear2d(clip, {sh, sw}, false);
    // int(round(s − t) / 2.0): the difference is an integer already, so half of it, truncated.
    const std::int64_t i = (sh - height) / 2, j = (sw - width) / 2;
    const at::Tensor cropped = scaled.slice(2, i, i + height).slice(3, j, j + width);
    return cropped.sub(0.5).div(0.5).permute({1, 0, 2, 3}).contiguous(); // [3, F, H, W]
}

bool OpenSoraReferenceFrames::isVideoPath(const std::string& path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".mp4" || ext == ".avi" || ext == ".mov" || ext == ".mkv"; // VID_EXTENSIONS
}

void OpenSoraReferenceFrames::probe(const std::string& path)
{
    if (isVideoPath(path)) {
        const FfmpegVideoReader reader(path, ImageFile::kMaxPixels); // the container and its decoder
        if (reader.width() < 1 || reader.height() < 1)
            throw FileError(ErrorCode::BadFile, path, "the reference video has no picture size");
    } else {
        ImageFile::read(path);
    }
}

at::Tensor OpenSoraReferenceFrames::read(const std::string& path, int height, int width, int maxVideoFrames)
{
    if (!isVideoPath(path)) {
        RgbImage image = ImageFile::read(path);
        return fromImage(at::from_blob(image.rgb.data(), {image.height, image.width, 3}, at::kByte), height, width);
    }
    FfmpegVideoReader reader(path, ImageFile::kMaxPixels); // capped like start images, from the header
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(reader.width()) * reader.height() * 3);
    std::vector<at::Tensor> frames;
    while (reader.readFrame(rgb.data())) {
        if (static_cast<int>(frames.size()) == maxVideoFrames)
            throw InvalidRequestError("references", path + " has more than " + std::to_string(maxVideoFrames) +
                                                        " frames; trim it to the part the clip is conditioned on");
        const at::Tensor frame = at::from_blob(rgb.data(), {1, reader.height(), reader.width(), 3}, at::kByte);
        frames.push_back(fromVideo(frame, height, width)); // [3, 1, H, W]
    }
    if (frames.empty())
        throw FileError(ErrorCode::BadFile, path, "the reference video has no frames that can be decoded");
    return at::cat(frames, 1);
}

} // namespace framesmith
