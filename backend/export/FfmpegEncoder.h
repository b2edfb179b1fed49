#pragma once
// One encoder feeding one container file (MP4, WebM, MOV, GIF) through libavcodec/libavformat.
// Frames arrive as RGB (converted here to the codec's pixel format, BT.709 limited range for YUV)
// or, for GIF, as palette indices. finish() drains the encoder so no last frame is lost.
// Errors throw FileError naming the final path. One thread at a time.
#include "export/CodecProfile.h"
#include "export/ExportMetadata.h"

#include <array>
#include <cstdint>
#include <string>

struct AVCodecContext;
struct AVFormatContext;
struct AVFrame;
struct AVPacket;
struct AVStream;
struct SwsContext;

namespace framesmith {

struct EncoderSettings {
    std::string tempPath;   // where bytes go
    std::string finalPath;  // what errors name
    const CodecProfile* profile = nullptr;
    const EncoderChoice* encoder = nullptr;
    int width = 0;
    int height = 0;
    double fps = 8;
    int quality = -1;
    MetadataTags tags;
};

class FfmpegEncoder {
public:
    explicit FfmpegEncoder(EncoderSettings settings); // opens codec and file, writes the header
    ~FfmpegEncoder();
    FfmpegEncoder(const FfmpegEncoder&) = delete;
    FfmpegEncoder& operator=(const FfmpegEncoder&) = delete;

    void addFrame(const std::uint8_t* rgb); // width * height * 3
    void addPalettedFrame(const std::uint8_t* indices, const std::array<std::uint32_t, 256>& palette);
    void finish(); // flushes encoder and muxer, closes the file

private:
    void openCodec();
    void openContainer();
    void send(AVFrame* frame); // nullptr: flush
    void release();
    AVFrame* nextFrame();

    EncoderSettings m_settings;
    AVFormatContext* m_format = nullptr;
    AVCodecContext* m_codec = nullptr;
    AVStream* m_stream = nullptr;
    AVPacket* m_packet = nullptr;
    AVFrame* m_frame = nullptr;
    SwsContext* m_converter = nullptr;
    std::int64_t m_frameIndex = 0;
    bool m_isFileOpen = false;
};

} // namespace framesmith
