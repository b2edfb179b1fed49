#pragma once
// The fixed 3D sin/cos positional table of CogVideoX 1.0 (diffusers get_3d_sincos_pos_embed as
// used by CogVideoXPatchEmbed._get_positional_embeddings): 226 zero rows for the text tokens, then
// one row per video token in (t, y, x) order with x fastest.
#include <ATen/core/Tensor.h>

#include <cstdint>

namespace framesmith {

class CogVideoXSincosPositions {
public:
    // [T, H*W, dim] float64: per token [temporal (dim/4) | x (3dim/8) | y (3dim/8)].
    static at::Tensor videoTable(std::int64_t dim, std::int64_t gridWidth, std::int64_t gridHeight,
                                 std::int64_t frames, double spatialScale, double temporalScale);
    // [1, textTokens + T*H*W, dim] float32 (the float64 values rounded once, as the reference's
    // pos_embedding.to(float32)), text rows zero: the joint table the reference adds.
    static at::Tensor jointTable(std::int64_t dim, std::int64_t gridWidth, std::int64_t gridHeight,
                                 std::int64_t frames, std::int64_t textTokens, double spatialScale,
                                 double temporalScale);
    // [M, dim] float64 = [sin(p*w) | cos(p*w)], w_i = 10000^(-i/(dim/2)); pos is float32 [M].
    static at::Tensor oneAxis(std::int64_t dim, const at::Tensor& pos);
};

} // namespace framesmith
