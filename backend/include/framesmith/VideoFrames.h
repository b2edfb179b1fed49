#pragma once
// A clip as plain 8-bit RGB frames: what the exporters take and the video reader returns.
// Torch-free so the GUI and the CLI can hold it; any thread, no shared state.
#include "framesmith/GenerationResult.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

struct VideoFrames {
    int frameCount = 0;
    int width = 0;
    int height = 0;
    double fps = 8;
    std::vector<std::uint8_t> rgb;              // frameCount * height * width * 3, rows top to bottom
    std::map<std::string, std::string> metadata; // container tags read back (keys lower-case)

    std::size_t frameBytes() const { return static_cast<std::size_t>(width) * height * 3; }
    const std::uint8_t* frame(int index) const { return rgb.data() + frameBytes() * index; }
    std::uint8_t* frame(int index) { return rgb.data() + frameBytes() * index; }

    static VideoFrames fromResult(const GenerationResult& result)
    {
        VideoFrames frames;
        frames.frameCount = result.frameCount;
        frames.width = result.width;
        frames.height = result.height;
        frames.fps = result.fps;
        frames.rgb = result.rgb;
        return frames;
    }
};

} // namespace framesmith
