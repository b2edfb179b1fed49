#pragma once
#include "framesmith/GenerationRequest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct StageTiming {
    std::string stage;
    double seconds = 0;
    std::int64_t peakBytes = 0; // on the busiest device, where measured
};

// A finished (or partially finished, after "finish the stage") clip, as 8-bit RGB frames.
struct GenerationResult {
    GenerationRequest request;
    int frameCount = 0;
    int width = 0;
    int height = 0;
    int fps = 8;
    std::vector<std::uint8_t> rgb;        // frameCount * height * width * 3
    std::string latentsCheckpointPath;    // written before decoding, always
    std::string outputPath;               // export, if one was asked for
    std::vector<StageTiming> timings;
    std::vector<std::string> recoveries;  // "decode ran out of memory at 17.2 GB; retried with 256-pixel tiles"
    int stepsCompleted = 0;
    bool isPartial = false;               // denoising stopped early by "finish the stage"
};

} // namespace framesmith
