#include "export/FfmpegVideoReader.h"

#include "export/FfmpegError.h"
#include "export/PngSequenceWriter.h"

#include "framesmith/ExportOptions.h"
#include "io/BoundedFileReader.h"

#include <cctype>
#include <filesystem>
#include <vector>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

namespace framesmith {

namespace fs = std::filesystem;

static void addMetadata(std::map<std::string, std::string>& out, const AVDictionary* dictionary)
{
    const AVDictionaryEntry* entry = nullptr;
    while ((entry = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX))) {
        // Matroska stores tag names upper-case; MP4 keeps them as written.
        std::string key = entry->key;
        for (char& c : key)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out.emplace(key, entry->value);
    }
}

static double sidecarFps(const std::string& folder)
{
    std::string text;
    try { // a FIFO or a huge file in its place is no sidecar
        text = BoundedFileReader::read(exportSidecarPath(folder), BoundedFileReader::kMaxJobBytes, "sidecar");
    } catch (const FileError&) {
        return 0;
    }
    auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded() || !json.contains("export") || !json["export"].contains("fps") ||
        !json["export"]["fps"].is_number())
        return 0;
    return json["export"]["fps"].get<double>();
}

FfmpegVideoReader::FfmpegVideoReader(const std::string& path, std::int64_t maxPixels) : m_path(path), m_maxPixels(maxPixels)
{
    try {
        openInput();
        openDecoder();
    } catch (...) {
        release();
        throw;
    }
}

FfmpegVideoReader::~FfmpegVideoReader() { release(); }

void FfmpegVideoReader::release()
{
    avcodec_free_context(&m_codec);
    avformat_close_input(&m_format);
    av_packet_free(&m_packet);
    av_frame_free(&m_frame);
    sws_freeContext(m_converter);
    m_converter = nullptr;
}

void FfmpegVideoReader::openInput()
{
    std::error_code error;
    const fs::file_status status = fs::status(m_path, error);
    if (!fs::exists(status))
        throw FileError(ErrorCode::MissingFile, m_path, "does not exist");
    if (!fs::is_regular_file(status) && !fs::is_directory(status)) // a FIFO would block the open forever
        throw FileError(ErrorCode::BadFile, m_path, "is not a regular file (a FIFO or device cannot be read as a video)");
    std::string url = m_path;
    const AVInputFormat* input = nullptr;
    double folderFps = 0;
    if (fs::is_directory(m_path, error)) {
        // A PNG sequence as the exporter writes it; the rate lives in its sidecar.
        if (!fs::exists(m_path + "/" + PngSequenceWriter::frameFileName(0), error))
            throw FileError(ErrorCode::BadFile, m_path, "is a folder without frame_00000.png");
        url = m_path + "/frame_%05d.png";
        input = av_find_input_format("image2");
        folderFps = sidecarFps(m_path);
    }
    int result = avformat_open_input(&m_format, url.c_str(), input, nullptr);
    if (result < 0)
        throw FileError(ErrorCode::BadFile, m_path, "cannot be opened as a video (" + ffmpegErrorText(result) + ")");
    std::vector<AVDictionary*> probeOptions(m_format->nb_streams, nullptr);
    for (unsigned i = 0; m_maxPixels > 0 && i < m_format->nb_streams; ++i) { // the container's header
        const AVCodecParameters* declared = m_format->streams[i]->codecpar;
        if (declared->codec_type == AVMEDIA_TYPE_VIDEO)
            checkPixels(declared->width, declared->height);
        av_dict_set_int(&probeOptions[i], "max_pixels", m_maxPixels, 0); // probing decodes a frame
    }
    result = avformat_find_stream_info(m_format, m_maxPixels > 0 ? probeOptions.data() : nullptr);
    for (AVDictionary*& options : probeOptions)
        av_dict_free(&options);
    if (result < 0)
        throw FileError(ErrorCode::BadFile, m_path, "has no readable stream information (" + ffmpegErrorText(result) + ")");
    m_streamIndex = av_find_best_stream(m_format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (m_streamIndex < 0)
        throw FileError(ErrorCode::BadFile, m_path, "contains no video stream");
    AVStream* stream = m_format->streams[m_streamIndex];
    addMetadata(m_metadata, m_format->metadata);
    addMetadata(m_metadata, stream->metadata);
    const AVRational rate = av_guess_frame_rate(m_format, stream, nullptr);
    m_fps = folderFps > 0 ? folderFps : (rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0);
}

void FfmpegVideoReader::openDecoder()
{
    const AVCodecParameters* parameters = m_format->streams[m_streamIndex]->codecpar;
    const AVCodec* decoder = avcodec_find_decoder(parameters->codec_id);
    if (!decoder)
        throw Error(ErrorCode::Unavailable, m_path + ": no decoder for " + avcodec_get_name(parameters->codec_id) +
                                                " in this FFmpeg build");
    m_codec = avcodec_alloc_context3(decoder);
    m_packet = av_packet_alloc();
    m_frame = av_frame_alloc();
    if (!m_codec || !m_packet || !m_frame)
        throw Error(ErrorCode::OutOfMemory, m_path + ": allocating the decoder failed");
    checkFfmpeg(avcodec_parameters_to_context(m_codec, parameters), m_path, "reading the stream parameters");
    if (m_maxPixels > 0) {
        checkPixels(m_codec->width, m_codec->height);
        m_codec->max_pixels = m_maxPixels;
    }
    m_codec->thread_count = 0;
    checkFfmpeg(avcodec_open2(m_codec, decoder, nullptr), m_path, std::string("opening decoder ") + decoder->name);
}

void FfmpegVideoReader::checkPixels(int width, int height) const
{
    // Each side first: the product of two large sides must not overflow before it is compared.
    if (width > m_maxPixels || height > m_maxPixels || std::int64_t(width) * height > m_maxPixels)
        throw FileError(ErrorCode::BadFile, m_path,
                        "is " + std::to_string(width) + " x " + std::to_string(height) + " pixels; videos read here may have at most " +
                            std::to_string(m_maxPixels / 1'000'000) + " million pixels a frame (scale it down to about the clip's size)");
}

int FfmpegVideoReader::width() const { return m_codec->width; }
int FfmpegVideoReader::height() const { return m_codec->height; }
std::string FfmpegVideoReader::codecName() const { return avcodec_get_name(m_codec->codec_id); }

bool FfmpegVideoReader::receiveFrame()
{
    while (true) {
        const int received = avcodec_receive_frame(m_codec, m_frame);
        if (received == 0)
            return true;
        if (received == AVERROR_EOF)
            return false;
        if (received != AVERROR(EAGAIN))
            checkFfmpeg(received, m_path, "decoding");
        const int read = av_read_frame(m_format, m_packet);
        if (read == AVERROR_EOF) {
            avcodec_send_packet(m_codec, nullptr); // drain what the decoder still holds
            continue;
        }
        checkFfmpeg(read, m_path, "reading");
        if (m_packet->stream_index == m_streamIndex) {
            const int sent = avcodec_send_packet(m_codec, m_packet);
            av_packet_unref(m_packet);
            checkFfmpeg(sent, m_path, "decoding");
        } else {
            av_packet_unref(m_packet);
        }
    }
}

void FfmpegVideoReader::convert(std::uint8_t* rgb)
{
    const auto format = static_cast<AVPixelFormat>(m_frame->format);
    m_converter = sws_getCachedContext(m_converter, m_frame->width, m_frame->height, format, m_frame->width,
                                       m_frame->height, AV_PIX_FMT_RGB24,
                                       SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
    if (!m_converter)
        throw Error(ErrorCode::Internal, m_path + ": swscale cannot convert the decoded frames to RGB");
    // Undo what the encoder tagged: BT.709 vs BT.601 matrix, limited vs full range.
    const int matrix = m_frame->colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT;
    const int isFullRange = m_frame->color_range == AVCOL_RANGE_JPEG ? 1 : 0;
    sws_setColorspaceDetails(m_converter, sws_getCoefficients(matrix), isFullRange,
                             sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
    std::uint8_t* const target[1] = {rgb};
    const int targetStride[1] = {m_frame->width * 3};
    sws_scale(m_converter, m_frame->data, m_frame->linesize, 0, m_frame->height, target, targetStride);
}

bool FfmpegVideoReader::readFrame(std::uint8_t* rgb)
{
    if (!receiveFrame())
        return false;
    if (m_frame->width != m_codec->width || m_frame->height != m_codec->height)
        throw FileError(ErrorCode::BadFile, m_path, "changes frame size mid-stream; only fixed-size videos are read");
    if (!m_hasFrameMetadata)
        addMetadata(m_metadata, m_frame->metadata); // PNG text chunks arrive with the decoded frame
    m_hasFrameMetadata = true;
    convert(rgb);
    av_frame_unref(m_frame);
    return true;
}

VideoFrames FfmpegVideoReader::readAll(const std::string& path, int maxFrames)
{
    FfmpegVideoReader reader(path);
    VideoFrames frames;
    frames.width = reader.width();
    frames.height = reader.height();
    frames.fps = reader.fps();
    frames.metadata = reader.metadata();
    std::vector<std::uint8_t> frame(frames.frameBytes());
    while ((maxFrames < 0 || frames.frameCount < maxFrames) && reader.readFrame(frame.data())) {
        frames.rgb.insert(frames.rgb.end(), frame.begin(), frame.end());
        ++frames.frameCount;
    }
    frames.metadata = reader.metadata();
    return frames;
}

VideoFrames FfmpegVideoReader::readFrameAt(const std::string& path, int frameIndex)
{
    if (frameIndex < 0)
        throw InvalidRequestError("frame", "index " + std::to_string(frameIndex) + " is negative");
    FfmpegVideoReader reader(path);
    VideoFrames frames;
    frames.width = reader.width();
    frames.height = reader.height();
    frames.fps = reader.fps();
    frames.metadata = reader.metadata();
    frames.rgb.resize(frames.frameBytes());
    for (int i = 0; i <= frameIndex; ++i)
        if (!reader.readFrame(frames.rgb.data()))
            throw InvalidRequestError("frame", "index " + std::to_string(frameIndex) + " is outside " + path +
                                                   " (it has " + std::to_string(i) + " frames)");
    frames.frameCount = 1;
    frames.metadata = reader.metadata();
    return frames;
}

} // namespace framesmith
