#pragma once
// Wan's `framesmith-cli eval KIND` handlers (ModelFamily::evalKinds): text-encoder, transformer
// (the case's `expert` names transformer or transformer_2), vae (encode/decode/tiled, and the
// concatenating I2V condition cases), scheduler (UniPC and flow-match Euler tables and runs) and
// pipeline (WanPipelineEval.h). --model DIR is the variant folder (or a component folder in it);
// without it, the case's model_dir. The calling thread only.
#include "models/EvalKind.h"

#include <string>
#include <vector>

namespace framesmith {

class WanEvalKinds {
public:
    static std::vector<EvalKind> all();
    // The variant folder (the one holding model_index.json) at or above --model, or the case's
    // model_dir; the folder itself when none above it has one (a bare component folder).
    // Throws InvalidRequestError("--model") when neither names a folder.
    static std::string variantFolder(const EvalCase& evalCase);
    // `component` (transformer, transformer_2, vae) of the variant folder, or the folder itself
    // when it is that component's own folder.
    static std::string componentFolder(const std::string& folder, const std::string& component);
};

} // namespace framesmith
