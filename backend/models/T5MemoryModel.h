#pragma once
// The T5 encoder's share of the memory plan, from its config alone: state-dict elements, weight
// bytes at a compute dtype, and the working memory of encoding one prompt of L tokens. Counts
// follow transformers 4.43 T5EncoderModel; the working set names the tensors text/T5* keep alive.
// Every family that conditions on T5 asks it. Pure; any thread.
#include "framesmith/MemoryPreset.h"
#include "text/T5Config.h"

#include <cstdint>

namespace framesmith {

class T5MemoryModel {
public:
    // Tied embedding (shared == encoder.embed_tokens) counted once; relative bias in block 0 only
    // (UMT5: in every block).
    static std::int64_t parameterElements(const T5Config& config);
    // transformers keeps each block's `wo` in float32 under float16 (_keep_in_fp32_modules).
    static std::int64_t weightBytes(const T5Config& config, ComputeDtype dtype);
    // Peak working memory of one forward over `tokens` tokens (one prompt at a time, as the
    // pipelines encode), not counting the embeddings the caller keeps afterwards.
    static std::int64_t encodeBytes(const T5Config& config, std::int64_t tokens, ComputeDtype dtype);
};

} // namespace framesmith
