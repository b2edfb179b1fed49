#pragma once
// `framesmith-cli eval transformer` for Wan cases (WanEvalKinds). The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanTransformerEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
