#pragma once
// Rotary position embedding: the 1-D frequency tables of diffusers get_1d_rotary_pos_embed
// (use_real=True) and the rotation of query/key pairs with them. Stateless; any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <utility>

namespace framesmith {

enum class RopePairing {
    Invalid,
    Interleaved, // pairs (x[2j], x[2j+1]); tables repeat each frequency twice (repeat_interleave_real)
    Halves,      // pairs (x[j], x[j + d/2]); tables are [freqs | freqs]
};

class RopeRotation {
public:
    // cos/sin tables [positionCount, dim] float32 for positions 0..positionCount−1 and frequencies
    // theta^(−2j/dim), built in float64 and rounded once (as get_1d_rotary_pos_embed with
    // freqs_dtype=float64 does). `dim` must be even.
    static std::pair<at::Tensor, at::Tensor> table(std::int64_t dim, std::int64_t positionCount, double theta,
                                                   RopePairing pairing);
    // x [..., d] rotated by cos/sin broadcastable to x ([..., d], tables laid out as `pairing`);
    // computed in x's dtype as type_as(x).
    static at::Tensor rotate(const at::Tensor& x, const at::Tensor& cos, const at::Tensor& sin, RopePairing pairing);
    // Interleaved pairs (x[2j], x[2j+1]) rotated by one angle each: cos/sin [..., pairs] broadcastable
    // to x's pairs; features past 2·pairs pass unrotated (rotary_embedding_torch). Computed in the
    // promoted dtype of x and the tables, returned in x's dtype.
    static at::Tensor rotatePairs(const at::Tensor& x, const at::Tensor& cos, const at::Tensor& sin);
};

} // namespace framesmith
