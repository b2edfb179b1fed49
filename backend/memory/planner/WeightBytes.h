#pragma once
// Element counts -> bytes at a compute dtype and weight storage: the arithmetic every family's
// ModelPlanning::footprint shares. Pure; any thread.
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ModelFootprint.h"
#include "memory/planner/TransformerCount.h"

#include <cstdint>

namespace framesmith {

class WeightBytes {
public:
    static std::int64_t perElement(ComputeDtype dtype); // 4 for float32, 2 for bfloat16/float16
    // The transformer fields of `footprint`. Native storage: every element in the compute dtype.
    // fp8/int8 (memory/placement/QuantizedWeight): one byte per block matrix element and a float32
    // scale per row; vectors, embeddings and output layers stay in the compute dtype, and one block
    // at a time is widened while it runs (transformerWidenBytes).
    static void addTransformer(ModelFootprint& footprint, const TransformerCount& count, const MemoryPreset& preset);
};

} // namespace framesmith
