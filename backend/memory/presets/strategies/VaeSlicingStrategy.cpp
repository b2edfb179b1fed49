#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class VaeSlicingStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "vae-slicing"; }
    std::string summary() const override { return "Decode one clip of a batch at a time"; }
    void enable(MemoryPreset& preset) const override { preset.vaeSlicing = true; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeVaeSlicingStrategy() { return std::make_unique<VaeSlicingStrategy>(); }

} // namespace framesmith
