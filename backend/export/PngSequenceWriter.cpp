#include "export/PngSequenceWriter.h"

#include "export/FfmpegError.h"
#include "export/PngTextChunks.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
}

namespace framesmith {

PngSequenceWriter::PngSequenceWriter(std::string folder, std::string finalPath, int width, int height,
                                     MetadataTags tags)
    : m_folder(std::move(folder)), m_finalPath(std::move(finalPath)), m_tags(std::move(tags))
{
    const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_PNG);
    m_codec = codec ? avcodec_alloc_context3(codec) : nullptr;
    m_frame = av_frame_alloc();
    m_packet = av_packet_alloc();
    if (!m_codec || !m_frame || !m_packet) {
        release();
        throw Error(ErrorCode::Unavailable, "the PNG encoder is not available in this FFmpeg build");
    }
    m_codec->width = width;
    m_codec->height = height;
    m_codec->pix_fmt = AV_PIX_FMT_RGB24;
    m_codec->time_base = {1, 25};
    const int result = avcodec_open2(m_codec, codec, nullptr);
    if (result < 0) {
        release();
        checkFfmpeg(result, m_finalPath, "opening the PNG encoder");
    }
}

PngSequenceWriter::~PngSequenceWriter() { release(); }

void PngSequenceWriter::release()
{
    avcodec_free_context(&m_codec);
    av_frame_free(&m_frame);
    av_packet_free(&m_packet);
}

std::string PngSequenceWriter::frameFileName(int index)
{
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", index);
    return name;
}

void PngSequenceWriter::addFrame(const std::uint8_t* rgb)
{
    m_frame->format = AV_PIX_FMT_RGB24;
    m_frame->width = m_codec->width;
    m_frame->height = m_codec->height;
    av_image_fill_arrays(m_frame->data, m_frame->linesize, rgb, AV_PIX_FMT_RGB24, m_codec->width, m_codec->height, 1);
    m_frame->pts = m_frameIndex;
    const std::string name = frameFileName(m_frameIndex);
    checkFfmpeg(avcodec_send_frame(m_codec, m_frame), m_finalPath, "encoding " + name);
    // PNG is intra-only: one frame in, one packet out, nothing to flush at the end.
    checkFfmpeg(avcodec_receive_packet(m_codec, m_packet), m_finalPath, "encoding " + name);
    const std::vector<std::uint8_t> file =
        withPngTextChunks(m_packet->data, static_cast<std::size_t>(m_packet->size), m_tags);
    writeFile(m_folder + "/" + name, file.data(), file.size());
    av_packet_unref(m_packet);
    ++m_frameIndex;
}

void PngSequenceWriter::writeFile(const std::string& path, const std::uint8_t* data, std::size_t size)
{
    const std::string name = path.substr(path.rfind('/') + 1);
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        throw FileError(ErrorCode::Io, m_finalPath, "cannot create " + name + ": " + std::strerror(errno));
    const bool written = std::fwrite(data, 1, size, file) == size;
    const int writeError = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed)
        throw FileError(ErrorCode::Io, m_finalPath,
                        "writing " + name + " failed: " + std::strerror(written ? errno : writeError));
}

} // namespace framesmith
