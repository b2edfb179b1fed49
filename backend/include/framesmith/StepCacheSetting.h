#pragma once
// Step caching as a speed choice (GenerationRequest::stepCache): "off" computes every block of every
// step (the default; results identical to a run without caching), "quality", "balanced" and "fast"
// reuse the previous step's residual of the transformer's later blocks more and more often. What
// each setting cost on a family's models was measured by bench_step_cache and ships with the family
// (ModelFamilyInfo::stepCacheFigures): the app shows those figures, never a promise. Any thread.
#include <string>
#include <vector>

namespace framesmith {

// "off", "quality", "balanced", "fast": slowest and most faithful first.
const std::vector<std::string>& stepCacheSettings();
bool isStepCacheSetting(const std::string& name);

// One setting as bench_step_cache measured it on one model against the uncached run, same seed.
struct StepCacheFigure {
    std::string setting;          // a stepCacheSettings() name other than "off"
    std::string measuredOn;       // English: model, size and steps, e.g. "2b-mid, 30 steps, 128x192"
    double speedup = 1.0;         // uncached wall time / cached wall time (median of repeats)
    int computedSteps = 0;        // steps whose later blocks ran (of totalSteps, per CFG branch summed)
    int totalSteps = 0;
    double latentRelativeL2 = 0;  // ||cached - uncached|| / ||uncached|| of the final latents
    double videoPsnrDb = 0;       // decoded video against the uncached one; 0 when not decoded
};

} // namespace framesmith
