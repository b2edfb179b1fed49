#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

// 144 x 200 keeps the reference's default overlaps (1/6, 1/5) exact: the tile stride in pixels
// equals the rows/columns kept per tile, so tiles assemble to the full frame.
constexpr int kSmallTileHeight = 144;
constexpr int kSmallTileWidth = 200;

class VaeSmallTilesStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "vae-small-tiles"; }
    std::string summary() const override { return "Decode in small 144 x 200 pixel tiles (for 8-12 GB cards)"; }
    void enable(MemoryPreset& preset) const override
    {
        preset.vaeTiling = true;
        preset.vaeTileHeight = kSmallTileHeight;
        preset.vaeTileWidth = kSmallTileWidth;
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeVaeSmallTilesStrategy() { return std::make_unique<VaeSmallTilesStrategy>(); }

} // namespace framesmith
