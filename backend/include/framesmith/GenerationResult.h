#pragma once
#include "framesmith/GenerationRequest.h"
#include "framesmith/VideoFrames.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct StageTiming {
    std::string stage;
    double seconds = 0;
    std::int64_t peakBytes = 0; // on the busiest device, where measured
};

// A finished (or partially finished, after "finish the stage") generation. `clip` is the one
// description of the frames everywhere (player, exporters, CLI); empty when decoding was skipped.
struct GenerationResult {
    GenerationRequest request;            // as it ran: request.resolvedPreset holds every lever used
    VideoFrames clip;
    std::string latentsCheckpointPath;    // written before decoding, always
    std::string outputPath;               // export, if one was asked for
    std::vector<StageTiming> timings;
    std::vector<std::string> recoveries;  // "decode ran out of memory at 17.2 GB; retried with 256-pixel tiles"
    int stepsCompleted = 0;
    bool isPartial = false;               // denoising stopped early by "finish the stage"
    // Paused (CancelMode::Pause, GenerateOptions::pauseAfterStep): latentsCheckpointPath is the
    // paused checkpoint Engine::resume continues; clip is empty, isPartial is true.
    bool isPaused = false;
    // What anyone looking at these frames must know (a partial denoise, non-finite latents): also
    // sent to the sink as warnings and written into an export's sidecar.
    std::vector<std::string> warnings;
    bool wasWarm = false;                 // the model was already loaded (nothing read from disk)
};

} // namespace framesmith
