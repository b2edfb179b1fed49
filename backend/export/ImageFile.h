#pragma once
// Reads a still image (PNG, JPEG, WebP, BMP ... anything FFmpeg's image demuxers know) into 8-bit
// RGB, for the image-to-video start frame. Qt-free and torch-free; any thread.
#include "framesmith/StartImageRules.h"

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
    // Checked from the header before decoding (the door's rule, so the app checks the same).
    static constexpr std::int64_t kMaxPixels = kMaxStartImagePixels;

    // Throws FileError: MissingFile when absent, BadFile when FFmpeg cannot decode a frame or the
    // image has more than kMaxPixels pixels.
    static RgbImage read(const std::string& path);
};

} // namespace framesmith
