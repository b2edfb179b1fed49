#pragma once
// How each export format is encoded: container, encoder candidates (first available wins),
// pixel format, quality option and encoder settings. A new format is one row in CodecProfile.cpp.
#include "framesmith/ExportOptions.h"

#include <string>
#include <utility>
#include <vector>

namespace framesmith {

using OptionList = std::vector<std::pair<std::string, std::string>>;

struct EncoderChoice {
    std::string name;        // avcodec encoder name: "libsvtav1"
    OptionList options;      // private options set before opening
    std::string qualityOption; // "crf", or "" when the encoder has none
};

struct CodecProfile {
    ExportFormat format = ExportFormat::Invalid;
    std::string muxer;       // libavformat short name; "" for the PNG folder
    std::vector<EncoderChoice> encoders;
    std::string pixelFormat; // "yuv420p", "pal8", ...
    bool needsEvenSize = false; // chroma subsampling: odd sizes are padded (edge pixels repeated)
    int defaultQuality = -1;
    int minQuality = 0;
    int maxQuality = 0;
    std::string codecTag;    // "hvc1", or "" for the muxer's default
    OptionList muxerOptions;
    bool hasQuality() const { return defaultQuality >= 0; }
};

const CodecProfile& codecProfile(ExportFormat format); // throws InvalidRequestError("format")

// The first candidate this FFmpeg build has, or nullptr.
const EncoderChoice* availableEncoder(const CodecProfile& profile);

} // namespace framesmith
