#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

// T5-XXL is 9.5 GB in bf16: on 8-12 GB cards it cannot share the GPU, and it runs only once.
class TextEncoderOnCpuStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "text-encoder-on-cpu"; }
    std::string summary() const override { return "Run the text encoder on the CPU (slower prompt encoding, no GPU memory)"; }
    std::vector<std::string> excludes() const override { return {"text-encoder-release"}; }
    void enable(MemoryPreset& preset) const override { preset.textEncoder = Placement::Cpu; }
    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        for (ModulePlacement* m : plan.ofLever(ComponentRole::TextEncoder)) {
            m->homeDevice = "cpu";
            m->computeDevice = "cpu";
            m->releaseAfterUse = false;
        }
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeTextEncoderOnCpuStrategy() { return std::make_unique<TextEncoderOnCpuStrategy>(); }

} // namespace framesmith
