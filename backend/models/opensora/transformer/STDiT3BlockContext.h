#pragma once
// What every STDiT3 block of one forward shares besides the residual stream: the adaLN-single
// vectors (t_mlp, and t0_mlp for frames that x_mask marks as clean), the token grid, the caption
// keys/values of this block are made by the block itself from `text`.
#include "core/ChunkedAttention.h"
#include "models/opensora/transformer/STDiT3TextTokens.h"

#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

class STDiT3Rope;

struct STDiT3BlockContext {
    at::Tensor tMlp;                 // [B, 6·hidden]
    at::Tensor t0Mlp;                // [B, 6·hidden], undefined unless some frame has x_mask False
    at::Tensor xMask;                // [B, T] bool on the activations' device, undefined likewise
    std::int64_t frames = 0;         // T (after patch padding)
    std::int64_t tokensPerFrame = 0; // S
    const STDiT3TextTokens* text = nullptr;
    const STDiT3Rope* rope = nullptr; // used by temporal blocks
    AttentionOptions attention;
    std::int64_t chunkBytes = 256ll << 20; // working-set budget of one chunk of tokens (see STDiT3Block)
};

} // namespace framesmith
