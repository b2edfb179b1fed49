#include "models/wan/vae/WanVaeTiling.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <vector>

namespace framesmith {

namespace {

using TileGrid = std::vector<std::vector<at::Tensor>>;

// blend_v / blend_h: b's first rows (columns) become a's last ones faded into b's, in place.
void blend(const at::Tensor& a, at::Tensor& b, std::int64_t extent, std::int64_t dim)
{
    extent = std::min({a.size(dim), b.size(dim), extent});
    for (std::int64_t y = 0; y < extent; ++y) {
        const double weight = static_cast<double>(y) / static_cast<double>(extent);
        b.select(dim, y).copy_(a.select(dim, a.size(dim) - extent + y) * (1 - weight) + b.select(dim, y) * weight);
    }
}

// Blends every tile with the one above and the one to its left, crops each to the stride and joins them.
at::Tensor join(TileGrid& rows, std::int64_t blendHeight, std::int64_t blendWidth, std::int64_t strideHeight,
                std::int64_t strideWidth)
{
    std::vector<at::Tensor> joinedRows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::vector<at::Tensor> row;
        for (std::size_t j = 0; j < rows[i].size(); ++j) {
            at::Tensor& tile = rows[i][j];
            if (i > 0)
                blend(rows[i - 1][j], tile, blendHeight, 3);
            if (j > 0)
                blend(rows[i][j - 1], tile, blendWidth, 4);
            row.push_back(tile.narrow(3, 0, std::min(strideHeight, tile.size(3)))
                              .narrow(4, 0, std::min(strideWidth, tile.size(4))));
        }
        joinedRows.push_back(at::cat(row, 4));
    }
    return at::cat(joinedRows, 3);
}

void checkTiles(const WanVaeTiles& t, std::int64_t factor)
{
    if (t.minHeight < factor || t.minWidth < factor || t.strideHeight < factor || t.strideWidth < factor ||
        t.strideHeight > t.minHeight || t.strideWidth > t.minWidth)
        throw InvalidRequestError("vae tiles", "tiles and strides must be at least " + std::to_string(factor) +
                                                   " pixels, strides no larger than tiles");
}

} // namespace

bool WanVaeTiling::tilesEncode(const WanVae&, const at::Tensor& video, const WanVaeTiles& tiles)
{
    return video.size(4) > tiles.minWidth || video.size(3) > tiles.minHeight;
}

bool WanVaeTiling::tilesDecode(const WanVae& vae, const at::Tensor& z, const WanVaeTiles& tiles)
{
    const std::int64_t factor = vae.spatialCompression();
    return z.size(4) > tiles.minWidth / factor || z.size(3) > tiles.minHeight / factor;
}

at::Tensor WanVaeTiling::encode(const WanVae& vae, const at::Tensor& video, const WanVaeTiles& tiles)
{
    const std::int64_t ratio = vae.spatialCompression() / vae.patchSize(); // latents per patchified pixel
    checkTiles(tiles, ratio);
    // The reference tiles the patchified video with the tile sizes as given: for Wan 2.2 a 64-pixel
    // tile covers 128 image pixels (the README's "tiled-encode trap").
    const at::Tensor x = vae.patchify(video);
    const std::int64_t height = x.size(3), width = x.size(4);
    TileGrid rows;
    for (std::int64_t i = 0; i < height; i += tiles.strideHeight) {
        rows.emplace_back();
        for (std::int64_t j = 0; j < width; j += tiles.strideWidth) {
            const at::Tensor tile = x.narrow(3, i, std::min(tiles.minHeight, height - i))
                                        .narrow(4, j, std::min(tiles.minWidth, width - j));
            rows.back().push_back(vae.encodePatchified(tile)); // a fresh cache per tile (clear_cache)
        }
    }
    const std::int64_t minH = tiles.minHeight / ratio, minW = tiles.minWidth / ratio;
    const std::int64_t strideH = tiles.strideHeight / ratio, strideW = tiles.strideWidth / ratio;
    const at::Tensor joined = join(rows, minH - strideH, minW - strideW, strideH, strideW);
    return joined.narrow(3, 0, std::min(height / ratio, joined.size(3))).narrow(4, 0, std::min(width / ratio, joined.size(4)));
}

at::Tensor WanVaeTiling::decode(const WanVae& vae, const at::Tensor& z, const WanVaeTiles& tiles)
{
    const std::int64_t factor = vae.spatialCompression(), patch = vae.patchSize();
    checkTiles(tiles, factor);
    const std::int64_t height = z.size(3), width = z.size(4);
    const std::int64_t minH = tiles.minHeight / factor, minW = tiles.minWidth / factor;
    const std::int64_t strideH = tiles.strideHeight / factor, strideW = tiles.strideWidth / factor;
    TileGrid rows;
    for (std::int64_t i = 0; i < height; i += strideH) {
        rows.emplace_back();
        for (std::int64_t j = 0; j < width; j += strideW) {
            const at::Tensor tile = z.narrow(3, i, std::min(minH, height - i)).narrow(4, j, std::min(minW, width - j));
            rows.back().push_back(vae.decodePatchified(tile));
        }
    }
    // blended over tile_sample_min − tile_sample_stride pixels (patchified pixels for Wan 2.2),
    // cropped to the stride, then unpatchified and clamped
    const std::int64_t pixelStrideH = tiles.strideHeight / patch, pixelStrideW = tiles.strideWidth / patch;
    const at::Tensor joined = join(rows, tiles.minHeight / patch - pixelStrideH, tiles.minWidth / patch - pixelStrideW,
                                   pixelStrideH, pixelStrideW);
    const std::int64_t sampleH = height * factor / patch, sampleW = width * factor / patch;
    const at::Tensor cropped = joined.narrow(3, 0, std::min(sampleH, joined.size(3)))
                                   .narrow(4, 0, std::min(sampleW, joined.size(4)));
    return at::clamp(vae.unpatchify(cropped), -1.0, 1.0);
}

} // namespace framesmith
