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
    const VideoFrames& clip = result.clip;
    if (!clip.isComplete())
        throw InvalidRequestError("frames", "the clip holds " + std::to_string(clip.rgb.size()) +
                                                " bytes, not frameCount x height x width x 3");
    // Frame by frame straight from the result: no copy of the whole clip.
    FfmpegVideoWriter writer(std::move(options));
    writer.open(clip.width, clip.height, clip.fps, clip.frameCount);
    for (int i = 0; i < clip.frameCount; ++i)
        writer.addFrame(clip.frame(i));
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
