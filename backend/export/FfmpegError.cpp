#include "export/FfmpegError.h"

extern "C" {
#include <libavutil/error.h>
}

namespace framesmith {

std::string ffmpegErrorText(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

int checkFfmpeg(int code, const std::string& path, const std::string& what)
{
    if (code < 0)
        throw FileError(ErrorCode::Io, path, what + " failed (" + ffmpegErrorText(code) + ")");
    return code;
}

} // namespace framesmith
