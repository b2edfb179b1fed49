#include "export/ImageFile.h"

#include "framesmith/Error.h"
#include "io/ImageHeader.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
}

#include <filesystem>
#include <memory>
#include <vector>

namespace framesmith {

namespace {

struct FormatCloser { void operator()(AVFormatContext* c) const { avformat_close_input(&c); } };
struct CodecCloser { void operator()(AVCodecContext* c) const { avcodec_free_context(&c); } };
struct FrameFree { void operator()(AVFrame* f) const { av_frame_free(&f); } };
struct PacketFree { void operator()(AVPacket* p) const { av_packet_free(&p); } };

std::string avError(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {0};
    av_strerror(code, text, sizeof text);
    return text;
}

// Sends packets until the decoder yields one frame (image decoders may need a flush).
void decodeFirstFrame(AVFormatContext* format, AVCodecContext* codec, int stream, AVFrame* frame,
                      const std::string& path)
{
    std::unique_ptr<AVPacket, PacketFree> packet(av_packet_alloc());
    while (av_read_frame(format, packet.get()) >= 0) {
        bool isOurs = packet->stream_index == stream;
        if (isOurs)
            avcodec_send_packet(codec, packet.get());
        av_packet_unref(packet.get());
        if (isOurs && avcodec_receive_frame(codec, frame) == 0)
            return;
    }
    avcodec_send_packet(codec, nullptr);
    int rc = avcodec_receive_frame(codec, frame);
    if (rc < 0)
        throw FileError(ErrorCode::BadFile, path, "no image could be decoded (" + avError(rc) + ")");
}

RgbImage toRgb(const AVFrame* frame, const std::string& path)
{
    RgbImage image;
    image.width = frame->width;
    image.height = frame->height;
    image.rgb.resize(static_cast<std::size_t>(image.width) * image.height * 3);
    SwsContext* sws = sws_getContext(frame->width, frame->height, static_cast<AVPixelFormat>(frame->format),
                                     frame->width, frame->height, AV_PIX_FMT_RGB24, SWS_POINT, nullptr, nullptr, nullptr);
    if (!sws)
        throw FileError(ErrorCode::BadFile, path, "unsupported pixel format");
    std::uint8_t* dst[4] = {image.rgb.data(), nullptr, nullptr, nullptr};
    int dstStride[4] = {image.width * 3, 0, 0, 0};
    sws_scale(sws, frame->data, frame->linesize, 0, frame->height, dst, dstStride);
    sws_freeContext(sws);
    return image;
}

std::string tooLarge(std::int64_t width, std::int64_t height)
{
    return "is " + std::to_string(width) + " x " + std::to_string(height) + " pixels; start images may have at most " +
           std::to_string(ImageFile::kMaxPixels / 1'000'000) + " million pixels (scale it down to about the clip's size)";
}

// Refuses, from the header alone, an image too large to decode safely.
void checkDeclaredSize(const std::string& path)
{
    const std::optional<ImageSize> size = ImageHeader::read(path);
    if (size && (size->width <= 0 || size->height <= 0))
        throw FileError(ErrorCode::BadFile, path, "declares an empty image (" + std::to_string(size->width) + " x " +
                                                      std::to_string(size->height) + " pixels)");
    // Each side first: two 32-bit sides would overflow the product (found by fuzz_start_image).
    if (size && (size->width > ImageFile::kMaxPixels || size->height > ImageFile::kMaxPixels ||
                 size->width * size->height > ImageFile::kMaxPixels))
        throw FileError(ErrorCode::BadFile, path, tooLarge(size->width, size->height));
}

// FFmpeg's own per-image limit, for formats whose header ImageHeader does not know.
AVDictionary* pixelLimit()
{
    AVDictionary* options = nullptr;
    av_dict_set_int(&options, "max_pixels", ImageFile::kMaxPixels, 0);
    return options;
}

} // namespace

RgbImage ImageFile::read(const std::string& path)
{
    if (!std::filesystem::is_regular_file(path))
        throw FileError(ErrorCode::MissingFile, path, "image not found");
    checkDeclaredSize(path);
    AVFormatContext* raw = nullptr;
    int rc = avformat_open_input(&raw, path.c_str(), nullptr, nullptr);
    if (rc < 0)
        throw FileError(ErrorCode::BadFile, path, "not a readable image (" + avError(rc) + ")");
    std::unique_ptr<AVFormatContext, FormatCloser> format(raw);
    std::vector<AVDictionary*> probeOptions(format->nb_streams, nullptr);
    for (AVDictionary*& options : probeOptions)
        options = pixelLimit();
    avformat_find_stream_info(format.get(), probeOptions.data());
    for (AVDictionary*& options : probeOptions)
        av_dict_free(&options);
    const AVCodec* decoder = nullptr;
    int stream = av_find_best_stream(format.get(), AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (stream < 0 || !decoder)
        throw FileError(ErrorCode::BadFile, path, "contains no image");
    std::unique_ptr<AVCodecContext, CodecCloser> codec(avcodec_alloc_context3(decoder));
    avcodec_parameters_to_context(codec.get(), format->streams[stream]->codecpar);
    const AVCodecParameters* declared = format->streams[stream]->codecpar;
    if (std::int64_t(declared->width) * declared->height > kMaxPixels)
        throw FileError(ErrorCode::BadFile, path, tooLarge(declared->width, declared->height));
    codec->max_pixels = kMaxPixels;
    if ((rc = avcodec_open2(codec.get(), decoder, nullptr)) < 0)
        throw FileError(ErrorCode::BadFile, path, "cannot open the image decoder (" + avError(rc) + ")");
    std::unique_ptr<AVFrame, FrameFree> frame(av_frame_alloc());
    decodeFirstFrame(format.get(), codec.get(), stream, frame.get(), path);
    if (std::int64_t(frame->width) * frame->height > kMaxPixels)
        throw FileError(ErrorCode::BadFile, path, tooLarge(frame->width, frame->height));
    return toRgb(frame.get(), path);
}

} // namespace framesmith
