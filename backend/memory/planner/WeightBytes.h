#pragma once
// Element counts -> bytes at a compute dtype and weight storage: the arithmetic every family's
// ModelPlanning::footprint shares. Pure; any thread.
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ModelFootprint.h"
#include "memory/planner/TransformerCount.h"

#include <cstdint>
#include <string>

namespace framesmith {

class WeightBytes {
public:
    static std::int64_t perElement(ComputeDtype dtype); // 4 for float32, 2 for bfloat16/float16
    // Adds a denoising transformer named `name` whose blocks are `blockKey`.N (the family's module
    // path, e.g. "transformer_blocks"). Native storage: every element in the compute dtype.
    // fp8/int8 (memory/placement/QuantizedWeight): one byte per block matrix element and a float32
    // scale per row; vectors, embeddings and output layers stay in the compute dtype, and one block
    // at a time is widened while it runs (BlockStructure::widenBytes).
    static ComponentFootprint& addTransformer(ModelFootprint& footprint, const std::string& name,
                                              const std::string& blockKey, const TransformerCount& count,
                                              const MemoryPreset& preset);
};

} // namespace framesmith
