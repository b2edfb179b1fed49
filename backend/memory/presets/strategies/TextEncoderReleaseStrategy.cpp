#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class TextEncoderReleaseStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "text-encoder-release"; }
    std::string summary() const override { return "Run the text encoder on the GPU, then release it before denoising"; }
    std::vector<std::string> excludes() const override { return {"text-encoder-on-cpu"}; }
    void enable(MemoryPreset& preset) const override { preset.textEncoder = Placement::Gpu; }
    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        for (ModulePlacement* m : plan.ofLever(ComponentRole::TextEncoder)) {
            m->homeDevice = "cpu";
            m->releaseAfterUse = true;
        }
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeTextEncoderReleaseStrategy() { return std::make_unique<TextEncoderReleaseStrategy>(); }

} // namespace framesmith
