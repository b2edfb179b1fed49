#pragma once
// State-dict element counts of a transformer, as the planner places it: what stays outside the
// repeated blocks, and one block (every block of a model is the same size: a DiT's
// transformer_blocks, or a spatial and a temporal block alike). Pure values.
#include <cstdint>

namespace framesmith {

struct TransformerCount {
    std::int64_t baseElements = 0;           // stored, outside the blocks
    std::int64_t perBlockElements = 0;
    std::int64_t perBlockMatrixElements = 0; // the block's 2-D weights (what fp8/int8 storage narrows) ...
    std::int64_t perBlockMatrixRows = 0;     // ... and their output rows (one float32 scale each)
    int blockCount = 0;                      // blocks in execution order (streamed one by one)
    std::int64_t bufferElements = 0;         // non-persistent tables built at construction (not stored)

    std::int64_t stateDictElements() const { return baseElements + perBlockElements * blockCount; }
};

} // namespace framesmith
