#pragma once
// rotary_embedding_torch 0.5.3 RotaryEmbedding.rotate_queries_or_keys as the temporal blocks use
// it (`rope`): positions 0..T-1 along the sequence axis (-2), angles p·freqs with each frequency
// repeated for an interleaved pair, (x0, x1) -> (x0·cos − x1·sin, x1·cos + x0·sin); features past
// 2·len(freqs) pass unrotated. `freqs` is loaded from the checkpoint (rope.freqs).
#include "core/Module.h"

namespace framesmith {

class STDiT3Rope : public Module {
public:
    explicit STDiT3Rope(std::int64_t frequencyCount);
    // [..., T, D] -> same shape and dtype. Angles are computed in the frequencies' dtype, as the
    // reference does (bf16 weights give bf16 angles).
    at::Tensor rotate(const at::Tensor& x) const;
    at::Tensor freqs;
};

} // namespace framesmith
