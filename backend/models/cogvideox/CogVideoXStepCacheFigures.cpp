#include "models/cogvideox/CogVideoXStepCacheFigures.h"

#include <cmath>

namespace framesmith {

// bench_step_cache --demo --steps 30 --repeats 3 --frames 9 --width 96 --height 64, 2026-11-24, on
// the shared 2-core dev VM (load average 7-9): wall speed-up of the denoise stage (median of 3,
// settings in turns), computed step passes counted per CFG branch, errors against the uncached
// run with the same seed. The demo model has random weights and 2 transformer blocks.
std::vector<StepCacheFigure> CogVideoXStepCacheFigures::all()
{
    const char* on = "the CogVideoX demo model (random weights, 2 blocks), 9 frames 96x64, 30 steps, CPU";
    return {
        {"quality", on, 1.15, 60, 60, 0.0, INFINITY},
        {"balanced", on, 1.25, 34, 60, 0.04153, 31.0},
        {"fast", on, 1.60, 24, 60, 0.08872, 24.3},
    };
}

} // namespace framesmith
