#include "io/ImageHeader.h"

#include <fstream>

namespace framesmith {

namespace {

// JPEG headers may carry large EXIF/ICC segments before the frame header.
constexpr std::size_t kMaxHeaderBytes = 1 << 20;

std::uint32_t byteAt(const std::string& b, std::size_t i) { return static_cast<unsigned char>(b[i]); }
std::uint32_t be16(const std::string& b, std::size_t i) { return byteAt(b, i) << 8 | byteAt(b, i + 1); }
std::uint32_t le16(const std::string& b, std::size_t i) { return byteAt(b, i) | byteAt(b, i + 1) << 8; }
std::uint32_t be32(const std::string& b, std::size_t i) { return be16(b, i) << 16 | be16(b, i + 2); }
std::uint32_t le32(const std::string& b, std::size_t i) { return le16(b, i) | le16(b, i + 2) << 16; }
std::uint32_t le24(const std::string& b, std::size_t i) { return le16(b, i) | byteAt(b, i + 2) << 16; }

std::optional<ImageSize> jpeg(const std::string& b)
{
    std::size_t i = 2;
    while (i + 4 <= b.size()) {
        if (byteAt(b, i) != 0xFF)
            return std::nullopt;
        const std::uint32_t marker = byteAt(b, i + 1);
        if (marker == 0xFF) { // fill byte
            ++i;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { // no length field
            i += 2;
            continue;
        }
        const bool isFrame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (isFrame && i + 9 <= b.size())
            return ImageSize{be16(b, i + 7), be16(b, i + 5)};
        if (marker == 0xDA || marker == 0xD9) // scan data or end before any frame header
            return std::nullopt;
        i += 2 + be16(b, i + 2);
    }
    return std::nullopt;
}

std::optional<ImageSize> webp(const std::string& b)
{
    const std::string chunk = b.substr(12, 4);
    if (chunk == "VP8 " && b.size() >= 30)
        return ImageSize{le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF};
    if (chunk == "VP8L" && b.size() >= 25) {
        const std::uint32_t bits = le32(b, 21);
        return ImageSize{(bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1};
    }
    if (chunk == "VP8X" && b.size() >= 30)
        return ImageSize{std::int64_t(le24(b, 24)) + 1, std::int64_t(le24(b, 27)) + 1};
    return std::nullopt;
}

std::optional<ImageSize> bmp(const std::string& b)
{
    if (le32(b, 14) == 12) // OS/2 BITMAPCOREHEADER: 16-bit sizes
        return ImageSize{le16(b, 18), le16(b, 20)};
    if (b.size() < 26)
        return std::nullopt;
    const auto height = static_cast<std::int32_t>(le32(b, 22)); // negative: rows top-down
    return ImageSize{static_cast<std::int32_t>(le32(b, 18)), height < 0 ? -std::int64_t(height) : height};
}

} // namespace

std::optional<ImageSize> ImageHeader::parse(const std::string& b)
{
    if (b.size() >= 24 && b.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0 && b.compare(12, 4, "IHDR") == 0)
        return ImageSize{be32(b, 16), be32(b, 20)};
    if (b.size() >= 4 && byteAt(b, 0) == 0xFF && byteAt(b, 1) == 0xD8)
        return jpeg(b);
    if (b.size() >= 10 && (b.compare(0, 6, "GIF87a") == 0 || b.compare(0, 6, "GIF89a") == 0))
        return ImageSize{le16(b, 6), le16(b, 8)};
    if (b.size() >= 22 && b.compare(0, 2, "BM") == 0)
        return bmp(b);
    if (b.size() >= 16 && b.compare(0, 4, "RIFF") == 0 && b.compare(8, 4, "WEBP") == 0)
        return webp(b);
    return std::nullopt;
}

std::optional<ImageSize> ImageHeader::read(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string bytes(kMaxHeaderBytes, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return parse(bytes);
}

} // namespace framesmith
