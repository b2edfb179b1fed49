#pragma once
// Random weights for demo models, drawn by the fixtures' rule so a demo model behaves like the
// tiny fixture models: matrices z / sqrt(fan_in), 1-D "*.weight" (norm scales) 1 + 0.1 z, other
// vectors (biases) 0.1 z, visited in sorted state-dict order from one seeded generator.
// The calling thread only.
#include "core/Module.h"

#include <cstdint>
#include <string>

namespace framesmith {

class DemoWeights {
public:
    // Writes every parameter of `module` to a new .safetensors file (folders created).
    // Throws FileError (Io) naming the file.
    static void write(Module& module, const std::string& file, std::uint64_t seed);
};

} // namespace framesmith
