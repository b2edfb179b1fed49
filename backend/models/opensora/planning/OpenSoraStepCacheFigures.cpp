#include "models/opensora/planning/OpenSoraStepCacheFigures.h"

#include <cmath>

namespace framesmith {

// FRAMESMITH_THREADS=1 bench_step_cache --opensora-demo --steps 30 --repeats 5 --frames 17 --width 64
// --height 64, 2026-11-24, shared 2-core dev VM (load average 10-12; one compute thread, so process
// CPU time is the work done): denoise-stage wall speed-up (median of 5, settings in turns),
// computed step passes counted per CFG branch, errors against the uncached run with the same seed.
// The demo model has random weights and 2 spatial/temporal block pairs: a skipped step still runs
// half the blocks, so deeper models gain more.
std::vector<StepCacheFigure> OpenSoraStepCacheFigures::all()
{
    const char* on = "the Open-Sora demo model (random weights, 2 block pairs), 17 frames 64x64, 30 steps, CPU";
    return {
        {"quality", on, 0.94, 60, 60, 0.0, INFINITY},
        {"balanced", on, 1.11, 34, 60, 0.04999, 38.4},
        {"fast", on, 1.27, 24, 60, 0.05823, 41.3},
    };
}

} // namespace framesmith
