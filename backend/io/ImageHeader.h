#pragma once
// The pixel size an image file declares in its header (PNG, JPEG, GIF, BMP, WebP), read without
// decoding it: a 1 MB PNG can declare 16000 x 16000 pixels and cost gigabytes once decoded, so the
// size is checked before any decoder runs. Torch-free, Qt-free; any thread.
#include <cstdint>
#include <optional>
#include <string>

namespace framesmith {

struct ImageSize {
    std::int64_t width = 0;
    std::int64_t height = 0;
};

class ImageHeader {
public:
    // nullopt when the format is not one of the five or the header is cut short (the decoder's own
    // pixel limit still applies then).
    static std::optional<ImageSize> read(const std::string& path);
    static std::optional<ImageSize> parse(const std::string& bytes); // the file's first bytes
};

} // namespace framesmith
