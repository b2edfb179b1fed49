#pragma once
// A job the tiny CogVideoX-2b fixture runs in a second or two: what the CLI tests (batch, farm)
// write as job files.
#include "framesmith/GenerationRequest.h"
#include "support/TestPaths.h"

#include <cstdint>

namespace framesmith::test {

inline GenerationRequest tinyJob(std::uint64_t seed, int steps)
{
    GenerationRequest r;
    r.modelPath = cogvideoxFixture("models/tiny-2b");
    r.prompt = "a panda playing guitar";
    r.width = 96;
    r.height = 64;
    r.frameCount = 9;
    r.steps = steps;
    r.seed = seed;
    return r;
}

} // namespace framesmith::test
