#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class ReleaseCacheEveryStepStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "release-cache-every-step"; }
    std::string summary() const override { return "Return cached GPU memory after every denoising step (slower, steadier)"; }
    void enable(MemoryPreset& preset) const override { preset.releaseCacheEveryStep = true; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeReleaseCacheEveryStepStrategy() { return std::make_unique<ReleaseCacheEveryStepStrategy>(); }

} // namespace framesmith
