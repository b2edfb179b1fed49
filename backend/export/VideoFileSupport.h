#pragma once
// Whether this build reads and writes video files. A build configured with
// -DFRAMESMITH_WITH_FFMPEG=OFF (a bare GPU machine without FFmpeg's headers) has no FFmpeg: it writes
// .safetensors only, and every door to a video file refuses with a message naming the option.
#include <string>

namespace framesmith {

bool hasVideoFileSupport();
// Throws InvalidRequestError(field) naming `path` and the build option when there is no FFmpeg.
void requireVideoFileSupport(const std::string& field, const std::string& path);
// The message of that refusal, for the stubs that stand in for the FFmpeg code.
std::string videoFilesUnsupportedText(const std::string& path);

} // namespace framesmith
