// The app's door to export and reading (framesmith/VideoExport.h).
#include "framesmith/VideoExport.h"

#include "framesmith/Error.h"

#include "export/CodecProfile.h"
#include "export/FfmpegVideoReader.h"
#include "export/FfmpegVideoWriter.h"

namespace framesmith {

void exportVideo(const VideoFrames& frames, const ExportOptions& options)
{
    FfmpegVideoWriter::write(frames, options);
}

void exportVideo(const GenerationResult& result, ExportOptions options)
{
    if (!options.request)
        options.request = result.request;
    if (result.rgb.size() != static_cast<std::size_t>(result.frameCount) * result.width * result.height * 3)
        throw InvalidRequestError("frames", "the clip holds " + std::to_string(result.rgb.size()) +
                                                " bytes, not frameCount x height x width x 3");
    // Frame by frame straight from the result: no copy of the whole clip.
    FfmpegVideoWriter writer(std::move(options));
    writer.open(result.width, result.height, result.fps, result.frameCount);
    const std::size_t frameBytes = static_cast<std::size_t>(result.width) * result.height * 3;
    for (int i = 0; i < result.frameCount; ++i)
        writer.addFrame(result.rgb.data() + frameBytes * i);
    writer.finish();
}

bool isExportFormatAvailable(ExportFormat format)
{
    return format != ExportFormat::Invalid && availableEncoder(codecProfile(format)) != nullptr;
}

VideoFrames readVideo(const std::string& path, int maxFrames) { return FfmpegVideoReader::readAll(path, maxFrames); }

VideoFrames readVideoFrame(const std::string& path, int frameIndex)
{
    return FfmpegVideoReader::readFrameAt(path, frameIndex);
}

} // namespace framesmith
