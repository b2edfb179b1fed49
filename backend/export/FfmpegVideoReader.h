#pragma once
// Decodes a video file (or a PNG-sequence folder written by the exporter) to RGB frames, for
// tests, for reopening exports in the player and for taking a start image from a clip.
// Any thread; one reader per thread. Errors throw FileError naming the path.
#include "framesmith/VideoFrames.h"

#include <cstdint>
#include <map>
#include <string>

struct AVCodecContext;
struct AVFormatContext;
struct AVFrame;
struct AVPacket;
struct SwsContext;

namespace framesmith {

class FfmpegVideoReader {
public:
    // maxPixels > 0: a video whose frames are larger is refused from its header (container and
    // stream parameters) before a frame is decoded, and FFmpeg's decoders get the same limit.
    explicit FfmpegVideoReader(const std::string& path, std::int64_t maxPixels = 0);
    ~FfmpegVideoReader();
    FfmpegVideoReader(const FfmpegVideoReader&) = delete;
    FfmpegVideoReader& operator=(const FfmpegVideoReader&) = delete;

    int width() const;
    int height() const;
    double fps() const { return m_fps; }
    std::string codecName() const;
    // Container and stream tags (lower-case keys); frame tags (PNG text) join after the first readFrame().
    const std::map<std::string, std::string>& metadata() const { return m_metadata; }

    // Decodes the next frame into `rgb` (width * height * 3). False after the last frame: the
    // decoder is drained, so frames a codec holds back (B-frames, lookahead) are all returned.
    bool readFrame(std::uint8_t* rgb);

    static VideoFrames readAll(const std::string& path, int maxFrames = -1);
    static VideoFrames readFrameAt(const std::string& path, int frameIndex);

private:
    void release();
    void openInput();
    void checkPixels(int width, int height) const;
    void openDecoder();
    bool receiveFrame();
    void convert(std::uint8_t* rgb);

    std::string m_path;
    AVFormatContext* m_format = nullptr;
    AVCodecContext* m_codec = nullptr;
    AVPacket* m_packet = nullptr;
    AVFrame* m_frame = nullptr;
    SwsContext* m_converter = nullptr;
    std::int64_t m_maxPixels = 0;
    int m_streamIndex = -1;
    double m_fps = 0;
    bool m_hasFrameMetadata = false;
    std::map<std::string, std::string> m_metadata;
};

} // namespace framesmith
