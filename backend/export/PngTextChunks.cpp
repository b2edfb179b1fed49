#include "export/PngTextChunks.h"

#include "framesmith/Error.h"

#include <algorithm>
#include <cstring>

extern "C" {
#include <libavutil/crc.h>
}

namespace framesmith {

static void putBigEndian32(std::vector<std::uint8_t>& out, std::uint32_t value)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(value >> shift));
}

static void appendChunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& data)
{
    putBigEndian32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t typeStart = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    // PNG's CRC-32 (ISO 3309) over type and data: the reflected IEEE polynomial, inverted in and out.
    const AVCRC* table = av_crc_get_table(AV_CRC_32_IEEE_LE);
    const std::uint32_t crc = av_crc(table, 0xffffffffu, out.data() + typeStart, out.size() - typeStart) ^ 0xffffffffu;
    putBigEndian32(out, crc);
}

static bool isAscii(const std::string& text)
{
    for (unsigned char c : text)
        if (c >= 0x80)
            return false;
    return true;
}

static std::vector<std::uint8_t> textChunkData(const std::string& keyword, const std::string& text, bool isUtf8)
{
    std::vector<std::uint8_t> data(keyword.begin(), keyword.begin() + std::min<std::size_t>(keyword.size(), 79));
    data.push_back(0);
    if (isUtf8) {
        // iTXt after the keyword: compression flag 0, method 0, empty language and translated keyword.
        const std::uint8_t header[] = {0, 0, 0, 0};
        data.insert(data.end(), header, header + sizeof header);
    }
    data.insert(data.end(), text.begin(), text.end());
    return data;
}

std::vector<std::uint8_t> withPngTextChunks(const std::uint8_t* png, std::size_t size, const MetadataTags& tags)
{
    static const std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    constexpr std::size_t kIhdrEnd = 8 + 4 + 4 + 13 + 4; // signature, length, "IHDR", 13 bytes, CRC
    if (size < kIhdrEnd || std::memcmp(png, kSignature, 8) != 0 || std::memcmp(png + 12, "IHDR", 4) != 0)
        throw Error(ErrorCode::Internal, "the PNG encoder produced data without a PNG header");
    std::vector<std::uint8_t> out(png, png + kIhdrEnd);
    // tEXt is Latin-1, so ASCII values use it (every reader, FFmpeg 5.1 included, knows it);
    // anything else is UTF-8 and goes in iTXt, which FFmpeg 5.1's decoder skips but image tools read.
    for (const auto& [key, value] : tags) {
        const bool isUtf8 = !isAscii(value);
        appendChunk(out, isUtf8 ? "iTXt" : "tEXt", textChunkData(key, value, isUtf8));
    }
    out.insert(out.end(), png + kIhdrEnd, png + size);
    return out;
}

} // namespace framesmith
