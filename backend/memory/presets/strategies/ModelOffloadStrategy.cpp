#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

// diffusers' enable_model_cpu_offload: each component moves to the GPU for its stage only.
class ModelOffloadStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "model-offload"; }
    std::string summary() const override { return "Keep every component in RAM and move it to the GPU only for its own stage"; }
    std::vector<std::string> excludes() const override { return {"transformer-resident", "block-streaming", "multi-gpu-spread"}; }
    void enable(MemoryPreset& preset) const override
    {
        preset.textEncoder = Placement::OffloadToCpu;
        preset.transformer = Placement::OffloadToCpu;
        preset.vae = Placement::OffloadToCpu;
    }
    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        for (ModulePlacement& m : plan.modules()) {
            if (m.computeDevice == "cpu")
                continue; // already runs on the CPU (text-encoder-on-cpu)
            m.homeDevice = "cpu";
            m.releaseAfterUse = true;
        }
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeModelOffloadStrategy() { return std::make_unique<ModelOffloadStrategy>(); }

} // namespace framesmith
