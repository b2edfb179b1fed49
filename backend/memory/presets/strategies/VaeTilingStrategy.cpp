#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class VaeTilingStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "vae-tiling"; }
    std::string summary() const override { return "Decode the video in overlapping spatial tiles (default 240 x 360 pixels)"; }
    void enable(MemoryPreset& preset) const override { preset.vaeTiling = true; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeVaeTilingStrategy() { return std::make_unique<VaeTilingStrategy>(); }

} // namespace framesmith
