#pragma once
// `framesmith-cli eval text-encoder` for Wan cases (WanEvalKinds). The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanTextEncoderEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
