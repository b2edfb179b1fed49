#include "models/cogvideox/planning/CogVideoXStepCacheFigures.h"

#include <cmath>

namespace framesmith {

// FRAMESMITH_THREADS=1 bench_step_cache --demo --steps 30 --repeats 5 --frames 9 --width 96 --height 64,
// 2026-11-24, shared 2-core dev VM (load average 10-12; one compute thread, so process CPU time is
// the work done): denoise-stage wall speed-up (median of 5, settings in turns), computed step passes
// counted per CFG branch, errors against the uncached run with the same seed. The demo model has
// random weights and 2 transformer blocks: a skipped step still runs half the blocks, so deeper
// models gain more (docs/benchmarks.md, "Step caching").
std::vector<StepCacheFigure> CogVideoXStepCacheFigures::all()
{
    const char* on = "the CogVideoX demo model (random weights, 2 blocks), 9 frames 96x64, 30 steps, CPU";
    return {
        {"quality", on, 0.98, 60, 60, 0.0, INFINITY},
        {"balanced", on, 1.19, 34, 60, 0.03594, 32.0},
        {"fast", on, 1.35, 24, 60, 0.09082, 23.4},
    };
}

} // namespace framesmith
