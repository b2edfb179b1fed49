#pragma once
// The CogVideoX fixture evals (tests/fixtures/cogvideox/README.md names every tensor), one file
// each; CogVideoXFamily::evalKinds lists them.
#include "models/EvalKind.h"

#include <vector>

namespace framesmith {

EvalKind cogVideoXTokenizerEval();
EvalKind cogVideoXTextEncoderEval();
EvalKind cogVideoXTransformerEval();
EvalKind cogVideoXVaeEval();
EvalKind cogVideoXSchedulerEval();
EvalKind cogVideoXPipelineEval();

std::vector<EvalKind> cogVideoXEvalKinds(); // all of the above

} // namespace framesmith
