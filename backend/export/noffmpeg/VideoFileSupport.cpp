// A build without FFmpeg (FRAMESMITH_WITH_FFMPEG=OFF): video files are refused up front.
#include "export/VideoFileSupport.h"

#include "framesmith/Error.h"

namespace framesmith {

bool hasVideoFileSupport() { return false; }

std::string videoFilesUnsupportedText(const std::string& path)
{
    return "'" + path + "': this Framesmith was built without FFmpeg (-DFRAMESMITH_WITH_FFMPEG=OFF), so it "
           "reads and writes no video or image files: write .safetensors instead (framesmith-cli export turns "
           "it into a video on a build with FFmpeg), or rebuild with FRAMESMITH_WITH_FFMPEG=ON";
}

void requireVideoFileSupport(const std::string& field, const std::string& path)
{
    throw InvalidRequestError(field, videoFilesUnsupportedText(path));
}

} // namespace framesmith
