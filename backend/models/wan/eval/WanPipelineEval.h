#pragma once
// `framesmith-cli eval pipeline` for Wan's golden/pipeline/*.safetensors cases: the family's list of
// eval kinds (WanFamily::evalKinds) takes it from here; the pipeline branch implements it.
#include "models/EvalKind.h"

namespace framesmith {

// Runs the case's request (prompts, size, frames, steps, guidance and guidance_2, seed, start
// image from its metadata and tensors; the recorded noise) and returns the case's tensors by name.
EvalKind wanPipelineEval();

} // namespace framesmith
