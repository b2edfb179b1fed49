#pragma once
// Reads a still image (PNG, JPEG, WebP, BMP ... anything FFmpeg's image demuxers know) into 8-bit
// RGB, for the image-to-video start frame. Qt-free and torch-free; any thread.
#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb; // height * width * 3, rows top to bottom
};

class ImageFile {
public:
    // Larger than any start frame needs (8K UHD is 33 Mpx) and small enough to decode in well under
    // a gigabyte; checked from the header before decoding.
    static constexpr std::int64_t kMaxPixels = 40'000'000;

    // Throws FileError: MissingFile when absent, BadFile when FFmpeg cannot decode a frame or the
    // image has more than kMaxPixels pixels.
    static RgbImage read(const std::string& path);
};

} // namespace framesmith
