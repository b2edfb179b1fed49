#pragma once
// Notices memory that creeps up step after step (tensors kept alive across denoising steps).
// Feed it the allocated bytes after each step; it returns a warning once the rise is steady.
// Pure (no torch); one thread.
#include "framesmith/GenerationEvents.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <utility>

namespace framesmith {

class MemoryGrowthDetector {
public:
    // A rise is steady when, over the last `windowSteps` samples, the least-squares slope is at
    // least `minimumBytesPerStep`, at most one step did not rise, and no single step carries
    // half of the rise.
    explicit MemoryGrowthDetector(int windowSteps = 6, std::int64_t minimumBytesPerStep = 8ll << 20);

    std::optional<Warning> addSample(int step, std::int64_t allocatedBytes);
    double lastSlopeBytesPerStep() const { return m_lastSlope; }
    void reset();

private:
    double slope() const;

    int m_windowSteps;
    std::int64_t m_minimumBytesPerStep;
    std::deque<std::pair<int, std::int64_t>> m_samples;
    double m_lastSlope = 0;
    double m_warnedSlope = 0; // warn again only when the rate doubles
};

} // namespace framesmith
