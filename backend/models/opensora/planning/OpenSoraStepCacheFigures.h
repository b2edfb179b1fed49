#pragma once
// What each step-cache setting cost on Open-Sora 1.2 models as bench_step_cache measured it
// (docs/benchmarks.md, "Step caching"): shipped with the family so the app shows measured
// figures. Re-measure and replace these when the policies or the models change.
#include "framesmith/StepCacheSetting.h"

#include <vector>

namespace framesmith {

class OpenSoraStepCacheFigures {
public:
    static std::vector<StepCacheFigure> all();
};

} // namespace framesmith
