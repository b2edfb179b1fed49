#pragma once
// The parameter-free shortcuts around the Wan 2.2 VAE's residual blocks (diffusers AvgDown3D and
// DupUp3D): space/time folded into channels and averaged in groups down to the block's width, and
// channels repeated and unfolded into space/time up to it. Stateless; any thread.
#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

class WanShortcuts {
public:
    // AvgDown3D: zero frames in front up to a multiple of factorT, [B, C, T, H, W] ->
    // [B, out, T/fT, H/fS, W/fS] (the mean over groups of C·fT·fS²/out folded values).
    static at::Tensor avgDown(const at::Tensor& x, std::int64_t out, std::int64_t factorT, std::int64_t factorS);
    // DupUp3D: [B, C, T, H, W] -> [B, out, T·fT, H·fS, W·fS]; the first chunk drops its first fT − 1 frames.
    static at::Tensor dupUp(const at::Tensor& x, std::int64_t out, std::int64_t factorT, std::int64_t factorS,
                            bool isFirstChunk);
};

} // namespace framesmith
