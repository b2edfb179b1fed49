#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

namespace framesmith {

std::vector<EvalKind> cogVideoXEvalKinds()
{
    return {cogVideoXTokenizerEval(), cogVideoXTextEncoderEval(), cogVideoXTransformerEval(),
            cogVideoXVaeEval(),       cogVideoXSchedulerEval(),   cogVideoXPipelineEval()};
}

} // namespace framesmith
