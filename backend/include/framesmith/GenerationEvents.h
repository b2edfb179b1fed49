#pragma once
// Events the engine reports while it works. ProgressSink is called on the engine's (worker)
// thread; implementations forward them (the GUI through queued signals) and must not block.
#include "framesmith/Stage.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace framesmith {

struct StageStarted {
    Stage stage = Stage::Invalid;
    std::string detail; // e.g. "decoding 13 latent frames in 7 chunks, tiles 256 px"
};

struct StepFinished {
    int step = 0;        // 1-based
    int stepCount = 0;
    int timestep = 0;    // scheduler timestep of this step
    double seconds = 0;  // wall time of this step
    double etaSeconds = 0;
};

struct StageProgress {   // chunks/tiles inside a stage (VAE), or blocks
    Stage stage = Stage::Invalid;
    int done = 0;
    int total = 0;
};

// A cheap RGB preview of the clip as it forms (latents -> RGB by a linear map), 8-bit RGB.
struct PreviewFrames {
    int step = 0;
    int frameCount = 0;
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb; // frameCount * height * width * 3
};

enum class WarningKind { Invalid, General, MemoryGrowth, OutOfMemoryRecovered, SlowBlas, Truncation };

// Warning::marker names (stable: the UI translates them).
inline constexpr const char* kCacheReleaseMarker = "memory-growth:cache-release"; // remedy turned on
inline constexpr const char* kGrowthPauseMarker = "memory-growth:paused";         // paused to disk
// Another program took GPU memory mid-run: the rest of the run was re-planned down the OOM ladder.
inline constexpr const char* kOtherProcessReplanMarker = "memory-pressure:replanned";

struct Warning {
    Warning(WarningKind kind = WarningKind::General, std::string message = {}, std::string marker = {})
        : kind(kind), message(std::move(message)), marker(std::move(marker))
    {
    }

    WarningKind kind;
    std::string message;
    std::string marker; // when not empty: a stable name to mark on the memory graph at this moment
};

class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    virtual void onStageStarted(const StageStarted&) {}
    virtual void onStageProgress(const StageProgress&) {}
    virtual void onStepFinished(const StepFinished&) {}
    virtual void onPreview(const PreviewFrames&) {}
    virtual void onWarning(const Warning&) {}
};

} // namespace framesmith
