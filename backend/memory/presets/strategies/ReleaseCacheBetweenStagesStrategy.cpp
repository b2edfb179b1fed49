#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class ReleaseCacheBetweenStagesStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "release-cache-between-stages"; }
    std::string summary() const override { return "Return cached GPU memory to the driver after each stage"; }
    void enable(MemoryPreset& preset) const override { preset.releaseCacheBetweenStages = true; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeReleaseCacheBetweenStagesStrategy() { return std::make_unique<ReleaseCacheBetweenStagesStrategy>(); }

} // namespace framesmith
