#pragma once
// `framesmith-cli eval vae` for Wan cases (WanEvalKinds). The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanVaeEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
