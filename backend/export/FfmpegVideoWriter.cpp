#include "export/FfmpegVideoWriter.h"

#include "export/AtomicOutput.h"
#include "export/CodecProfile.h"
#include "export/FfmpegEncoder.h"
#include "export/FrameResizer.h"
#include "export/GifPalette.h"
#include "export/PngSequenceWriter.h"

#include "framesmith/Error.h"

extern "C" {
#include <libavutil/log.h>
}

namespace framesmith {

static constexpr int kMaxSide = 16384;
static constexpr double kMaxFps = 240;

FfmpegVideoWriter::FfmpegVideoWriter(ExportOptions options) : m_options(std::move(options))
{
    m_profile = &codecProfile(m_options.format);
    m_encoderChoice = availableEncoder(*m_profile);
    if (!m_encoderChoice) {
        std::string names;
        for (const auto& choice : m_profile->encoders)
            names += (names.empty() ? "" : " or ") + choice.name;
        throw Error(ErrorCode::Unavailable, std::string(exportFormatName(m_options.format)) + " export needs the " +
                                                names + " encoder, which is not available in this FFmpeg build");
    }
}

FfmpegVideoWriter::~FfmpegVideoWriter()
{
    // Close the encoder before AtomicOutput removes the temporary it writes to.
    m_encoder.reset();
    m_pngWriter.reset();
}

void FfmpegVideoWriter::validate(int width, int height, double fps) const
{
    if (m_options.path.empty())
        throw InvalidRequestError("path", "no output path was given");
    if (width <= 0 || height <= 0 || width > kMaxSide || height > kMaxSide)
        throw InvalidRequestError("frames", "size " + std::to_string(width) + "x" + std::to_string(height) +
                                                " cannot be exported (1 to 16384 pixels per side)");
    if ((m_options.width != 0) != (m_options.height != 0) || m_options.width < 0 || m_options.height < 0 ||
        m_options.width > kMaxSide || m_options.height > kMaxSide)
        throw InvalidRequestError("size", "give both width and height (1 to 16384), or neither to keep " +
                                              std::to_string(width) + "x" + std::to_string(height));
    if (!(fps > 0 && fps <= kMaxFps))
        throw InvalidRequestError("fps", std::to_string(fps) + " is outside 0 < fps <= 240");
    if (m_options.quality < 0)
        return;
    if (!m_profile->hasQuality())
        throw InvalidRequestError("quality", std::string(exportFormatName(m_options.format)) +
                                                 " export has no CRF quality setting");
    if (m_options.quality < m_profile->minQuality || m_options.quality > m_profile->maxQuality)
        throw InvalidRequestError("quality", "CRF " + std::to_string(m_options.quality) + " is outside " +
                                                 std::to_string(m_profile->minQuality) + ".." +
                                                 std::to_string(m_profile->maxQuality) + " for " +
                                                 m_encoderChoice->name);
}

void FfmpegVideoWriter::open(int width, int height, double sourceFps, int expectedFrames)
{
    const double fps = m_options.fps > 0 ? m_options.fps : sourceFps;
    validate(width, height, fps);
    if (av_log_get_level() == AV_LOG_INFO)
        av_log_set_level(AV_LOG_ERROR); // encoders' statistics would drown the CLI's output
    m_sourceWidth = width;
    m_sourceHeight = height;
    m_expectedFrames = expectedFrames;
    m_resizer = std::make_unique<FrameResizer>(width, height, m_options.width ? m_options.width : width,
                                               m_options.height ? m_options.height : height, m_profile->needsEvenSize);
    m_summary = {m_encoderChoice->name, m_resizer->outputWidth(), m_resizer->outputHeight(), width, height, 0, fps,
                 m_options.quality >= 0 ? m_options.quality : m_profile->defaultQuality, m_resizer->note()};
    const bool isFolder = m_options.format == ExportFormat::PngSequence;
    m_output = std::make_unique<AtomicOutput>(m_options.path, isFolder ? AtomicOutput::Kind::Folder
                                                                       : AtomicOutput::Kind::File);
    if (isFolder) {
        m_pngWriter = std::make_unique<PngSequenceWriter>(m_output->tempPath(), m_output->path(),
                                                          m_summary.width, m_summary.height,
                                                          exportMetadataTags(m_options));
        return;
    }
    if (m_options.format == ExportFormat::Gif)
        m_palette = std::make_unique<GifPalette>();
    m_encoder = std::make_unique<FfmpegEncoder>(EncoderSettings{
        m_output->tempPath(), m_output->path(), m_profile, m_encoderChoice, m_summary.width, m_summary.height, fps,
        m_summary.quality, exportMetadataTags(m_options)});
}

void FfmpegVideoWriter::checkCancelled() const
{
    if (m_options.cancel && m_options.cancel->isStopRequested())
        throw CancelledError("export of " + m_options.path);
}

void FfmpegVideoWriter::reportProgress(int done) const
{
    if (m_options.onProgress)
        m_options.onProgress(done, m_expectedFrames);
}

void FfmpegVideoWriter::addFrame(const std::uint8_t* rgb)
{
    if (!m_output)
        throw Error(ErrorCode::Internal, m_options.path + ": addFrame() before open() or after finish()");
    checkCancelled();
    const std::uint8_t* frame = m_resizer->resize(rgb);
    ++m_summary.frameCount;
    if (m_pngWriter) {
        m_pngWriter->addFrame(frame);
    } else if (m_palette) {
        const std::size_t bytes = static_cast<std::size_t>(m_summary.width) * m_summary.height * 3;
        m_palette->addFrame(frame, bytes / 3);
        m_gifFrames.insert(m_gifFrames.end(), frame, frame + bytes);
        return; // progress is reported while encoding, in finish()
    } else {
        m_encoder->addFrame(frame);
    }
    reportProgress(m_summary.frameCount);
}

void FfmpegVideoWriter::encodeGif()
{
    m_palette->build();
    const std::size_t pixels = static_cast<std::size_t>(m_summary.width) * m_summary.height;
    std::vector<std::uint8_t> indices(pixels);
    for (int i = 0; i < m_summary.frameCount; ++i) {
        checkCancelled();
        m_palette->map(m_gifFrames.data() + pixels * 3 * i, m_summary.width, m_summary.height, indices.data(),
                       m_summary.width);
        m_encoder->addPalettedFrame(indices.data(), m_palette->argb());
        reportProgress(i + 1);
    }
}

void FfmpegVideoWriter::finish()
{
    if (!m_output)
        throw Error(ErrorCode::Internal, m_options.path + ": finish() before open() or twice");
    if (m_summary.frameCount == 0)
        throw InvalidRequestError("frames", "there are no frames to export to " + m_options.path);
    if (m_palette)
        encodeGif();
    checkCancelled();
    if (m_encoder)
        m_encoder->finish();
    m_encoder.reset();
    m_pngWriter.reset();
    std::unique_ptr<AtomicOutput> sidecar;
    if (m_options.writeSidecar) {
        sidecar = std::make_unique<AtomicOutput>(exportSidecarPath(m_options.path), AtomicOutput::Kind::File);
        sidecar->writeText(exportSidecarJson(m_options, m_summary));
    }
    m_output->commit();
    if (sidecar)
        sidecar->commit();
    m_output.reset();
}

ExportSummary FfmpegVideoWriter::write(const VideoFrames& frames, const ExportOptions& options)
{
    if (frames.rgb.size() != frames.frameBytes() * static_cast<std::size_t>(std::max(frames.frameCount, 0)))
        throw InvalidRequestError("frames", "holds " + std::to_string(frames.rgb.size()) + " bytes, expected " +
                                                std::to_string(frames.frameCount) + " x " + std::to_string(frames.height) +
                                                " x " + std::to_string(frames.width) + " x 3");
    FfmpegVideoWriter writer(options);
    writer.open(frames.width, frames.height, frames.fps, frames.frameCount);
    for (int i = 0; i < frames.frameCount; ++i)
        writer.addFrame(frames.frame(i));
    writer.finish();
    return writer.summary();
}

} // namespace framesmith
