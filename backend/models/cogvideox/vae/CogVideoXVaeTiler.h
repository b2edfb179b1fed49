#pragma once
// diffusers AutoencoderKLCogVideoX tiled_encode/tiled_decode: overlapping spatial tiles, each run
// on its own (own frame batches, own conv cache, own GroupNorm statistics), blended with the tile
// above and to the left (both already blended, in raster order), cropped to `rowLimit` and
// concatenated with no final crop. Here tiles are blended as they arrive and written into one
// preallocated output; only the edge strips the next tiles blend against are kept.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace framesmith {

struct TileAxis {
    std::vector<std::int64_t> starts; // input offsets (range(0, size, stride))
    std::int64_t tileSize = 0;        // input extent of a full tile
    std::int64_t blendExtent = 0;     // output rows/columns blended with the previous tile
    std::int64_t rowLimit = 0;        // output rows/columns kept per tile

    // stride = int(tileSize * (1 - overlap)), blend = int(outputTileSize * overlap) as diffusers.
    static TileAxis plan(std::int64_t inputSize, std::int64_t tileSize, std::int64_t outputTileSize, double overlap,
                         const char* field);
    std::int64_t extentAt(std::size_t index, std::int64_t inputSize) const;
};

class CogVideoXVaeTiler {
public:
    using TileFunction = std::function<at::Tensor(const at::Tensor& tileInput)>; // [B, C, T, h, w] -> [B, C', T', h', w']
    using SizeFunction = std::function<std::int64_t(std::int64_t)>;              // input extent -> output extent

    CogVideoXVaeTiler(TileAxis rows, TileAxis columns) : m_rows(std::move(rows)), m_columns(std::move(columns)) {}
    std::size_t tileCount() const { return m_rows.starts.size() * m_columns.starts.size(); }

    // input: [B, C, T, H, W]; tiles go to `run` in raster order.
    at::Tensor run(const at::Tensor& input, const TileFunction& run, const SizeFunction& outputSize) const;

private:
    static void blend(const at::Tensor& previous, at::Tensor& tile, std::int64_t blendExtent, int dim);
    static at::Tensor trailingStrip(const at::Tensor& tile, std::int64_t blendExtent, int dim);

    TileAxis m_rows, m_columns;
};

} // namespace framesmith
