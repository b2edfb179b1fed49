// The FFmpeg build's answer (export/noffmpeg/VideoFileSupport.cpp is the other one).
#include "export/VideoFileSupport.h"

namespace framesmith {

bool hasVideoFileSupport() { return true; }

void requireVideoFileSupport(const std::string&, const std::string&) {}

std::string videoFilesUnsupportedText(const std::string& path) { return {}; }

} // namespace framesmith
