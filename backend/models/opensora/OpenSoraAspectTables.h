#pragma once
// opensora/datasets/aspect.py at df5668c as data: the resolution presets (ASPECT_RATIOS: per
// resolution, a pixel budget and an (H, W) per aspect-ratio key), the H:W names of those keys
// (ASPECT_RATIO_MAP: "9:16" is the key "0.56", H/W = 0.56, i.e. landscape) and the frame-count
// names (NUM_FRAMES_MAP: "2s" = 51 frames). Checked against the fixtures' golden/aspect.json.
// Torch-free, any thread.
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraAspectSize {
    std::string ratioKey; // "0.56" (H/W to two decimals)
    int height = 0;
    int width = 0;
};

struct OpenSoraResolution {
    std::string name; // "240p", "720p", "1024", ...
    long long numPixels = 0;
    std::vector<OpenSoraAspectSize> sizes;
};

struct OpenSoraSizePreset {
    std::string resolution;  // "240p"
    std::string aspectRatio; // "9:16" (H:W as Open-Sora names it)
    int height = 0;
    int width = 0;
};

class OpenSoraAspectTables {
public:
    static const std::vector<OpenSoraResolution>& resolutions();                     // ASPECT_RATIOS, in the reference's order
    static const std::vector<std::pair<std::string, std::string>>& aspectRatioMap(); // ASPECT_RATIO_MAP
    static const std::vector<std::pair<std::string, int>>& numFramesMap();            // NUM_FRAMES_MAP

    // get_image_size(resolution, aspect_ratio) -> (height, width): aspect_ratio is an H:W name or
    // a key ("0.56"); nullopt when the resolution or the ratio is unknown.
    static std::optional<OpenSoraAspectSize> imageSize(const std::string& resolution, const std::string& aspectRatio);
    // get_num_frames: a NUM_FRAMES_MAP name ("4s") or a decimal count; nullopt otherwise.
    static std::optional<int> numFrames(const std::string& value);
    // Every resolution that has a size for every named aspect ratio (the 17 of ASPECT_RATIO_MAP),
    // crossed with those ratios: what a size picker offers ("240p 9:16" = 240 x 426).
    static std::vector<OpenSoraSizePreset> presets();
};

} // namespace framesmith
