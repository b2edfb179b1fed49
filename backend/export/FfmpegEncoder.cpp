#include "export/FfmpegEncoder.h"

#include "export/FfmpegError.h"

#include <cstring>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

namespace framesmith {

FfmpegEncoder::FfmpegEncoder(EncoderSettings settings) : m_settings(std::move(settings))
{
    try {
        openCodec();
        openContainer();
        m_packet = av_packet_alloc();
        m_frame = av_frame_alloc();
        if (!m_packet || !m_frame)
            throw Error(ErrorCode::OutOfMemory, "allocating an FFmpeg frame failed");
    } catch (...) {
        release();
        throw;
    }
}

FfmpegEncoder::~FfmpegEncoder() { release(); }

void FfmpegEncoder::release()
{
    if (m_isFileOpen)
        avio_closep(&m_format->pb);
    m_isFileOpen = false;
    avformat_free_context(m_format);
    m_format = nullptr;
    avcodec_free_context(&m_codec);
    av_packet_free(&m_packet);
    av_frame_free(&m_frame);
    sws_freeContext(m_converter);
    m_converter = nullptr;
}

void FfmpegEncoder::openCodec()
{
    const std::string& path = m_settings.finalPath;
    const EncoderChoice& choice = *m_settings.encoder;
    const AVCodec* codec = avcodec_find_encoder_by_name(choice.name.c_str());
    m_codec = codec ? avcodec_alloc_context3(codec) : nullptr;
    if (!m_codec)
        throw Error(ErrorCode::Unavailable, "encoder " + choice.name + " is not available in this FFmpeg build");
    m_codec->width = m_settings.width;
    m_codec->height = m_settings.height;
    m_codec->pix_fmt = av_get_pix_fmt(m_settings.profile->pixelFormat.c_str());
    const AVRational rate = av_d2q(m_settings.fps, 100000);
    m_codec->framerate = rate;
    m_codec->time_base = av_inv_q(rate);
    m_codec->sample_aspect_ratio = {1, 1};
    if (m_codec->pix_fmt != AV_PIX_FMT_PAL8 && m_codec->pix_fmt != AV_PIX_FMT_RGB24) {
        m_codec->colorspace = AVCOL_SPC_BT709;
        m_codec->color_primaries = AVCOL_PRI_BT709;
        m_codec->color_trc = AVCOL_TRC_BT709;
        m_codec->color_range = AVCOL_RANGE_MPEG;
    }
    for (const auto& [key, value] : choice.options)
        checkFfmpeg(av_opt_set(m_codec->priv_data, key.c_str(), value.c_str(), 0), path,
                    "setting " + choice.name + " option " + key + "=" + value);
    if (!choice.qualityOption.empty() && m_settings.quality >= 0)
        checkFfmpeg(av_opt_set_int(m_codec->priv_data, choice.qualityOption.c_str(), m_settings.quality, 0), path,
                    "setting " + choice.name + " quality " + choice.qualityOption);
    if (!m_settings.profile->codecTag.empty()) {
        const std::string& tag = m_settings.profile->codecTag;
        m_codec->codec_tag = MKTAG(tag[0], tag[1], tag[2], tag[3]);
    }
}

void FfmpegEncoder::openContainer()
{
    const std::string& path = m_settings.finalPath;
    checkFfmpeg(avformat_alloc_output_context2(&m_format, nullptr, m_settings.profile->muxer.c_str(),
                                               m_settings.tempPath.c_str()),
                path, "creating the " + m_settings.profile->muxer + " container");
    if (m_format->oformat->flags & AVFMT_GLOBALHEADER)
        m_codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    checkFfmpeg(avcodec_open2(m_codec, m_codec->codec, nullptr), path,
                "opening encoder " + m_settings.encoder->name + " at " + std::to_string(m_settings.width) + "x" +
                    std::to_string(m_settings.height));
    m_stream = avformat_new_stream(m_format, nullptr);
    if (!m_stream)
        throw Error(ErrorCode::OutOfMemory, "allocating an FFmpeg stream failed");
    checkFfmpeg(avcodec_parameters_from_context(m_stream->codecpar, m_codec), path, "describing the video stream");
    m_stream->time_base = m_codec->time_base;
    m_stream->avg_frame_rate = m_codec->framerate;
    for (const auto& [key, value] : m_settings.tags)
        av_dict_set(&m_format->metadata, key.c_str(), value.c_str(), 0);
    checkFfmpeg(avio_open(&m_format->pb, m_settings.tempPath.c_str(), AVIO_FLAG_WRITE), path, "opening for writing");
    m_isFileOpen = true;
    AVDictionary* muxerOptions = nullptr;
    for (const auto& [key, value] : m_settings.profile->muxerOptions)
        av_dict_set(&muxerOptions, key.c_str(), value.c_str(), 0);
    const int result = avformat_write_header(m_format, &muxerOptions);
    av_dict_free(&muxerOptions);
    checkFfmpeg(result, path, "writing the " + m_settings.profile->muxer + " header");
}

AVFrame* FfmpegEncoder::nextFrame()
{
    av_frame_unref(m_frame);
    m_frame->format = m_codec->pix_fmt;
    m_frame->width = m_codec->width;
    m_frame->height = m_codec->height;
    // prores_ks writes the colour tags of each frame, not of the context.
    m_frame->colorspace = m_codec->colorspace;
    m_frame->color_primaries = m_codec->color_primaries;
    m_frame->color_trc = m_codec->color_trc;
    m_frame->color_range = m_codec->color_range;
    checkFfmpeg(av_frame_get_buffer(m_frame, 0), m_settings.finalPath, "allocating a frame");
    m_frame->pts = m_frameIndex++;
    return m_frame;
}

void FfmpegEncoder::addFrame(const std::uint8_t* rgb)
{
    if (!m_converter) {
        m_converter = sws_getContext(m_codec->width, m_codec->height, AV_PIX_FMT_RGB24, m_codec->width,
                                     m_codec->height, m_codec->pix_fmt,
                                     SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nullptr, nullptr, nullptr);
        if (!m_converter)
            throw Error(ErrorCode::Internal, std::string("swscale cannot convert RGB to ") +
                                                 av_get_pix_fmt_name(m_codec->pix_fmt));
        // RGB in full range; YUV out as BT.709 limited range, matching the stream's colour tags.
        sws_setColorspaceDetails(m_converter, sws_getCoefficients(SWS_CS_ITU709), 1,
                                 sws_getCoefficients(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16);
    }
    AVFrame* frame = nextFrame();
    const std::uint8_t* const source[1] = {rgb};
    const int sourceStride[1] = {m_codec->width * 3};
    sws_scale(m_converter, source, sourceStride, 0, m_codec->height, frame->data, frame->linesize);
    send(frame);
}

void FfmpegEncoder::addPalettedFrame(const std::uint8_t* indices, const std::array<std::uint32_t, 256>& palette)
{
    AVFrame* frame = nextFrame();
    for (int y = 0; y < m_codec->height; ++y)
        std::memcpy(frame->data[0] + static_cast<std::size_t>(y) * frame->linesize[0],
                    indices + static_cast<std::size_t>(y) * m_codec->width, m_codec->width);
    std::memcpy(frame->data[1], palette.data(), AVPALETTE_SIZE);
    send(frame);
}

void FfmpegEncoder::send(AVFrame* frame)
{
    const std::string& path = m_settings.finalPath;
    checkFfmpeg(avcodec_send_frame(m_codec, frame), path, "encoding frame " + std::to_string(m_frameIndex - 1));
    while (true) {
        const int result = avcodec_receive_packet(m_codec, m_packet);
        if (result == AVERROR(EAGAIN) || result == AVERROR_EOF)
            return;
        checkFfmpeg(result, path, "encoding");
        av_packet_rescale_ts(m_packet, m_codec->time_base, m_stream->time_base);
        m_packet->stream_index = m_stream->index;
        // A full disk shows up here (or at the trailer) as the AVIO context's write error.
        checkFfmpeg(av_interleaved_write_frame(m_format, m_packet), path, "writing");
    }
}

void FfmpegEncoder::finish()
{
    const std::string& path = m_settings.finalPath;
    send(nullptr);
    checkFfmpeg(av_write_trailer(m_format), path, "finishing the " + m_settings.profile->muxer + " file");
    checkFfmpeg(m_format->pb->error, path, "writing");
    m_isFileOpen = false;
    checkFfmpeg(avio_closep(&m_format->pb), path, "closing");
}

} // namespace framesmith
