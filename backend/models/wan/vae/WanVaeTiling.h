#pragma once
// diffusers AutoencoderKLWan's tiled_encode / tiled_decode: overlapping spatial tiles, each run
// through the whole clip with its own causal cache, then blended linearly into the tile above and
// the tile to the left (in place, as the reference does, so a blended tile is what its neighbours
// blend with) and cropped to the stride. Tiles and strides are in pixels; latent tiles are pixels /
// 8 (Wan 2.1) or / 16 (Wan 2.2), floored; encode blends over min − stride latent rows, decode over
// min − stride pixels (Wan 2.2: patchified, half-resolution pixels). Wan 2.2's encode measures its
// tiles in patchified pixels, its "tile or not" test in image pixels, as the reference does.
// One call at a time per thread.
#include "models/wan/vae/WanVae.h"

namespace framesmith {

struct WanVaeTiles {
    std::int64_t minHeight = 256;    // tile_sample_min_height (the diffusers default)
    std::int64_t minWidth = 256;
    std::int64_t strideHeight = 192; // tile_sample_stride_height
    std::int64_t strideWidth = 192;
};

class WanVaeTiling {
public:
    // Whether diffusers would tile: encode when the video is wider or taller than a tile; decode when
    // the latents are wider or taller than a latent tile.
    static bool tilesEncode(const WanVae& vae, const at::Tensor& video, const WanVaeTiles& tiles);
    static bool tilesDecode(const WanVae& vae, const at::Tensor& z, const WanVaeTiles& tiles);

    // -> posterior parameters [B, 2z, F, h, w] (mean | raw logvar), as vae.encode's.
    static at::Tensor encode(const WanVae& vae, const at::Tensor& video, const WanVaeTiles& tiles);
    // -> [B, 3, T, H, W] clamped to [-1, 1]
    static at::Tensor decode(const WanVae& vae, const at::Tensor& z, const WanVaeTiles& tiles);
};

} // namespace framesmith
