#pragma once
// What each step-cache setting cost on CogVideoX models as bench_step_cache measured it
// (docs/benchmarks.md, "Step caching"): shipped with the family so the app shows measured
// figures. Re-measure and replace these when the policies or the models change.
#include "framesmith/StepCacheSetting.h"

#include <vector>

namespace framesmith {

class CogVideoXStepCacheFigures {
public:
    static std::vector<StepCacheFigure> all();
};

} // namespace framesmith
