#pragma once
// A clip as plain 8-bit RGB frames: what a generation produces, the exporters take and the video
// reader returns. Torch-free so the GUI and the CLI can hold it; any thread, no shared state.
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

    bool isEmpty() const { return frameCount <= 0; }
    std::size_t frameBytes() const { return static_cast<std::size_t>(width) * height * 3; }
    // Whether rgb holds exactly frameCount frames of width x height.
    bool isComplete() const { return frameCount >= 0 && rgb.size() == frameBytes() * static_cast<std::size_t>(frameCount); }
    const std::uint8_t* frame(int index) const { return rgb.data() + frameBytes() * index; }
    std::uint8_t* frame(int index) { return rgb.data() + frameBytes() * index; }
};

} // namespace framesmith
