#pragma once
// Weight bytes of each component of one model at one storage format: what placement moves around.
// Pure values, computed from the configs (no weights read).
#include <cstdint>

namespace framesmith {

struct ModelFootprint {
    std::int64_t textEncoderBytes = 0;
    std::int64_t transformerBaseBytes = 0;   // everything outside transformer_blocks (embeddings, norms, proj_out)
    std::int64_t transformerBlockBytes = 0;  // one block of transformer_blocks (all blocks are identical), as stored
    int transformerBlockCount = 0;
    std::int64_t transformerBufferBytes = 0; // non-persistent tables built at construction (2b sincos)
    std::int64_t vaeBytes = 0;
    std::int64_t transformerWidenBytes = 0;  // fp8/int8 blocks: working memory of one block's run (its
                                             // matrices widened to the compute dtype, and the widening's slices)

    std::int64_t transformerBytes() const
    {
        return transformerBaseBytes + transformerBufferBytes + transformerBlockBytes * transformerBlockCount;
    }
};

} // namespace framesmith
