#pragma once
// FFmpeg reports failures as negative AVERROR codes; these turn them into framesmith errors
// that name the file the user asked for (never only the temporary name).
#include "framesmith/Error.h"

#include <string>

namespace framesmith {

std::string ffmpegErrorText(int code); // "No space left on device", "Invalid data found ..."

// Throws FileError(Io) "<path>: <what> failed (<reason>)" when code < 0; returns code otherwise.
int checkFfmpeg(int code, const std::string& path, const std::string& what);

} // namespace framesmith
