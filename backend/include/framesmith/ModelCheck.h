#pragma once
// The complete check of a model folder before the user may press Generate: every component and
// file present and every safetensors header valid (as `framesmith-cli inspect` checks them), plus
// the model's parameter rules. Plain values; any thread.
#include "framesmith/ModelInfo.h"
#include "framesmith/ParameterSpec.h"

#include <string>
#include <vector>

namespace framesmith {

struct ModelCheck {
    ModelInfo info;                    // what the configs say (valid when isModel)
    ParameterSpec spec;                // the rules generate() applies to this model
    bool isModel = false;              // false: not a model folder this build can read at all
    std::vector<std::string> problems; // English, one per damaged or missing file, naming it

    bool isUsable() const { return isModel && problems.empty(); }
};

} // namespace framesmith
