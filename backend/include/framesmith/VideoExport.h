#pragma once
// The export door for the app: write a clip in an editor's format, or read a video back (to
// reopen an export in the player or take a frame as a start image). Blocking: call it from a
// worker thread, never the GUI thread. Throws framesmith::Error (FileError names the path).
#include "framesmith/ExportOptions.h"
#include "framesmith/GenerationResult.h"
#include "framesmith/VideoFrames.h"

#include <string>

namespace framesmith {

// Writes atomically: a cancel, error or full disk leaves nothing under options.path.
void exportVideo(const VideoFrames& frames, const ExportOptions& options);
void exportVideo(const GenerationResult& result, ExportOptions options); // records result.request

// Whether this FFmpeg build has an encoder for `format` (AV1 needs libsvtav1 or libaom).
bool isExportFormatAvailable(ExportFormat format);

// maxFrames < 0: every frame. Also reads a PNG-sequence folder written by exportVideo.
VideoFrames readVideo(const std::string& path, int maxFrames = -1);
// One frame as RGB (frameCount 1), e.g. the start image for image-to-video.
VideoFrames readVideoFrame(const std::string& path, int frameIndex);

} // namespace framesmith
