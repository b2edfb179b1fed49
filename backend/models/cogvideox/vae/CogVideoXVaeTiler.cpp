#include "models/cogvideox/vae/CogVideoXVaeTiler.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

TileAxis TileAxis::plan(std::int64_t inputSize, std::int64_t tileSize, std::int64_t outputTileSize, double overlap,
                        const char* field)
{
    TileAxis axis;
    axis.tileSize = tileSize;
    // Python int(a * (1 - f)) on doubles: truncation.
    const auto stride = static_cast<std::int64_t>(static_cast<double>(tileSize) * (1.0 - overlap));
    axis.blendExtent = static_cast<std::int64_t>(static_cast<double>(outputTileSize) * overlap);
    axis.rowLimit = outputTileSize - axis.blendExtent;
    if (tileSize <= 0 || stride <= 0 || axis.rowLimit <= 0)
        throw InvalidRequestError(field, "tile size and overlap leave no stride between tiles (tile "
                                             + std::to_string(tileSize) + ", overlap " + std::to_string(overlap) + ")");
    for (std::int64_t start = 0; start < inputSize; start += stride)
        axis.starts.push_back(start);
    return axis;
}

std::int64_t TileAxis::extentAt(std::size_t index, std::int64_t inputSize) const
{
    return std::min(tileSize, inputSize - starts[index]);
}

void CogVideoXVaeTiler::blend(const at::Tensor& previous, at::Tensor& tile, std::int64_t blendExtent, int dim)
{
    // diffusers blend_v/blend_h; `previous` may be just the trailing strip of the earlier tile.
    const std::int64_t extent = std::min({previous.size(dim), tile.size(dim), blendExtent});
    for (std::int64_t y = 0; y < extent; ++y) {
        const double weight = static_cast<double>(y) / static_cast<double>(extent);
        at::Tensor row = tile.select(dim, y);
        at::Tensor mixed = previous.select(dim, previous.size(dim) - extent + y).mul(1.0 - weight);
        mixed.add_(row.mul(weight));
        row.copy_(mixed);
    }
}

at::Tensor CogVideoXVaeTiler::trailingStrip(const at::Tensor& tile, std::int64_t blendExtent, int dim)
{
    const std::int64_t keep = std::min(tile.size(dim), blendExtent);
    return tile.narrow(dim, tile.size(dim) - keep, keep).clone();
}

at::Tensor CogVideoXVaeTiler::run(const at::Tensor& input, const TileFunction& runTile,
                                  const SizeFunction& outputSize) const
{
    const std::int64_t height = input.size(3), width = input.size(4);
    std::int64_t outHeight = 0, outWidth = 0;
    for (std::size_t i = 0; i < m_rows.starts.size(); ++i)
        outHeight += std::min(m_rows.rowLimit, outputSize(m_rows.extentAt(i, height)));
    for (std::size_t j = 0; j < m_columns.starts.size(); ++j)
        outWidth += std::min(m_columns.rowLimit, outputSize(m_columns.extentAt(j, width)));

    at::Tensor output;
    std::vector<at::Tensor> bottomStrips(m_columns.starts.size());
    std::int64_t rowOffset = 0;
    for (std::size_t i = 0; i < m_rows.starts.size(); ++i) {
        at::Tensor rightStrip;
        std::int64_t columnOffset = 0, keptRows = 0;
        for (std::size_t j = 0; j < m_columns.starts.size(); ++j) {
            at::Tensor tile = runTile(input.narrow(3, m_rows.starts[i], m_rows.extentAt(i, height))
                                          .narrow(4, m_columns.starts[j], m_columns.extentAt(j, width)));
            if (!output.defined())
                output = at::empty({tile.size(0), tile.size(1), tile.size(2), outHeight, outWidth}, tile.options());
            if (i > 0)
                blend(bottomStrips[j], tile, m_rows.blendExtent, 3);
            if (j > 0)
                blend(rightStrip, tile, m_columns.blendExtent, 4);
            keptRows = std::min(m_rows.rowLimit, tile.size(3));
            const std::int64_t keptColumns = std::min(m_columns.rowLimit, tile.size(4));
            if (rowOffset + keptRows > outHeight || columnOffset + keptColumns > outWidth || tile.size(2) != output.size(2))
                throw ShapeError("VAE tiling: tile output does not fit the planned output");
            output.narrow(3, rowOffset, keptRows)
                .narrow(4, columnOffset, keptColumns)
                .copy_(tile.narrow(3, 0, keptRows).narrow(4, 0, keptColumns));
            columnOffset += keptColumns;
            if (i + 1 < m_rows.starts.size())
                bottomStrips[j] = trailingStrip(tile, m_rows.blendExtent, 3);
            rightStrip = j + 1 < m_columns.starts.size() ? trailingStrip(tile, m_columns.blendExtent, 4) : at::Tensor();
        }
        rowOffset += keptRows;
    }
    return output;
}

} // namespace framesmith
