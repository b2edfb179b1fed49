// A build without FFmpeg (FRAMESMITH_WITH_FFMPEG=OFF): the doors to FFmpeg's code (export, video
// and image reading) exist, so every caller links, and refuse with the option's name. The CLI
// refuses a video --out before any weight loads (FrameOutput::check); these catch the rest.
#include "export/FfmpegVideoReader.h"
#include "export/FfmpegVideoWriter.h"
#include "export/VideoFileSupport.h"
#include "framesmith/VideoExport.h"
#include "export/ImageFile.h"

namespace framesmith {

void exportVideo(const VideoFrames&, const ExportOptions& options) { requireVideoFileSupport("format", options.path); }

void exportVideo(const GenerationResult&, ExportOptions options) { requireVideoFileSupport("format", options.path); }

bool isExportFormatAvailable(ExportFormat) { return false; }

ExportQuality exportQuality(ExportFormat) { return {}; }

VideoFrames readVideo(const std::string& path, int) { requireVideoFileSupport("path", path); return {}; }

VideoFrames readVideoFrame(const std::string& path, int) { requireVideoFileSupport("path", path); return {}; }

RgbImage ImageFile::read(const std::string& path)
{
    requireVideoFileSupport("image", path);
    return {};
}

ExportSummary FfmpegVideoWriter::write(const VideoFrames&, const ExportOptions& options)
{
    requireVideoFileSupport("--format", options.path);
    return {};
}

FfmpegVideoReader::FfmpegVideoReader(const std::string& path, std::int64_t maxPixels) : m_path(path), m_maxPixels(maxPixels)
{
    requireVideoFileSupport("video", path);
}

FfmpegVideoReader::~FfmpegVideoReader() = default;

int FfmpegVideoReader::width() const { return 0; }

int FfmpegVideoReader::height() const { return 0; }

bool FfmpegVideoReader::readFrame(std::uint8_t*) { return false; }

} // namespace framesmith
