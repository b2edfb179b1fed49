#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class TransformerResidentStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "transformer-resident"; }
    std::string summary() const override { return "Keep the whole transformer on the GPU from its first step to the end"; }
    std::vector<std::string> excludes() const override { return {"model-offload", "block-streaming", "multi-gpu-spread"}; }
    void enable(MemoryPreset& preset) const override { preset.transformer = Placement::Gpu; }
    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        for (ModulePlacement* m : plan.ofLever(ComponentRole::Denoiser)) {
            m->homeDevice = context.primaryDevice;
            m->computeDevice = context.primaryDevice;
            m->releaseAfterUse = false;
            m->streamed = false;
        }
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeTransformerResidentStrategy() { return std::make_unique<TransformerResidentStrategy>(); }

} // namespace framesmith
