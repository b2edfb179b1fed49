#pragma once
// State-dict element counts of STDiT3 from its config alone, as the reference class builds it
// (including the stored rope.freqs and the y_embedder.y_embedding buffer). Equal to
// full-size-configs/param_counts.json for STDiT3-XL/2 and to the tiny checkpoint. Torch-free.
#include "models/opensora/transformer/STDiT3Config.h"

#include <cstdint>

namespace framesmith {

struct STDiT3ParameterCount {
    std::int64_t baseElements = 0;           // everything outside spatial_blocks / temporal_blocks
    std::int64_t perBlockElements = 0;       // one block (spatial and temporal blocks are the same size)
    std::int64_t perBlockMatrixElements = 0; // its 2-D tensors (what fp8/int8 storage narrows) ...
    std::int64_t perBlockMatrixRows = 0;     // ... and their output rows (one float32 scale each)
    int blockCount = 0;                      // 2 · depth, in execution order spatial 0, temporal 0, ...

    std::int64_t perDepthElements() const { return 2 * perBlockElements; }
    std::int64_t stateDictElements() const { return baseElements + perBlockElements * blockCount; }

    static STDiT3ParameterCount fromConfig(const STDiT3Config& config);
};

} // namespace framesmith
