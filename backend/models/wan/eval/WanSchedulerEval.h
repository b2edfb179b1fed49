#pragma once
// `framesmith-cli eval scheduler` for Wan cases (WanEvalKinds). The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanSchedulerEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
