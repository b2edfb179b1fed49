#pragma once
// 3D rotary position embedding of CogVideoX 5b / 1.5 (diffusers get_3d_rotary_pos_embed as called
// by the pipelines' _prepare_rotary_positional_embeddings), and its application to video tokens.
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"

#include <ATen/core/Tensor.h>

#include <array>
#include <cstdint>
#include <optional>

namespace framesmith {

struct RotaryEmbedding {
    at::Tensor cos; // [video tokens, head_dim] float32
    at::Tensor sin;
};

class CogVideoXRotaryEmbedding {
public:
    // The pipeline's table for a video of heightPx x widthPx pixels and latentFrames latent frames
    // (vae spatial factor 8). nullopt when the config uses no RoPE. Throws InvalidRequestError when
    // the size cannot be handled by the reference (1.5 grid larger than its sample grid).
    static std::optional<RotaryEmbedding> forVideo(const CogVideoXTransformerConfig& config, int heightPx,
                                                   int widthPx, int latentFrames);

    // 1.0 "linspace" grid: positions linspace(start, stop*(n-1)/n, n) in float32.
    static RotaryEmbedding linspaceGrid(int headDim, std::array<std::int64_t, 2> cropStart,
                                        std::array<std::int64_t, 2> cropStop, std::int64_t gridHeight,
                                        std::int64_t gridWidth, std::int64_t frames);
    // 1.5 "slice" grid: integer positions 0..n-1 (n <= the max grid).
    static RotaryEmbedding sliceGrid(int headDim, std::int64_t gridHeight, std::int64_t gridWidth,
                                     std::int64_t frames);
    // diffusers get_resize_crop_region_for_grid (Python round: half to even).
    static std::array<std::array<std::int64_t, 2>, 2> resizeCropRegion(std::int64_t gridHeight,
                                                                       std::int64_t gridWidth,
                                                                       std::int64_t baseWidth,
                                                                       std::int64_t baseHeight);

    // x: [B, N, heads, head_dim] video tokens; returns x*cos + rotate_pairs(x)*sin computed in
    // float32 and cast back to x's dtype. cos/sin: [N, head_dim].
    static at::Tensor apply(const at::Tensor& x, const RotaryEmbedding& rope);
};

} // namespace framesmith
