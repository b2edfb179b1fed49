#pragma once
// The smallest request the tiny fixture models run: 9 frames of 96×64, "a panda", 3 steps, on the
// tiny CogVideoX 2b fixture unless another model folder is given. A test sets what it is about
// (seed, preset, prompt, guidance) on its copy. Header-only, no Qt or torch: backend and GUI tests
// share it (FRAMESMITH_FIXTURES_DIR is defined for both).
#include "framesmith/GenerationRequest.h"

#include <string>

namespace framesmith::test {

inline std::string tinyModelPath() { return FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"; }

inline GenerationRequest tinyRequest(const std::string& modelPath = tinyModelPath(), int steps = 3)
{
    GenerationRequest r;
    r.modelPath = modelPath;
    r.prompt = "a panda";
    r.width = 96;
    r.height = 64;
    r.frameCount = 9;
    r.steps = steps;
    return r;
}

} // namespace framesmith::test
