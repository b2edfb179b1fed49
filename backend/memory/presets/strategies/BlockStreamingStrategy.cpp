#include "memory/presets/MemoryStrategy.h"

#include <algorithm>
#include <memory>

namespace framesmith {
namespace {

// Blocks rest in pageable host memory and travel through a ring of prefetch + 1 pinned slots
// (PinnedStagingRing); each is copied to the GPU on a side stream one or two
// blocks ahead of use and dropped after it ran, so the GPU holds 1 + prefetch blocks at a time.
class BlockStreamingStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "block-streaming"; }
    std::string summary() const override { return "Stream transformer blocks from RAM through a pinned ring, prefetching one or two ahead"; }
    std::vector<std::string> excludes() const override { return {"transformer-resident", "model-offload", "multi-gpu-spread"}; }
    void enable(MemoryPreset& preset) const override
    {
        preset.transformer = Placement::Streamed;
        preset.streamPrefetchBlocks = std::clamp(preset.streamPrefetchBlocks, 1, 2);
    }
    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        for (ModulePlacement* m : plan.ofLever(ComponentRole::Denoiser)) {
            if (m->blockIndex < 0)
                continue; // embeddings and output layers are small: they stay resident
            m->homeDevice = "cpu";
            m->streamed = true;
            m->releaseAfterUse = false;
        }
        plan.setPrefetchBlocks(std::max(1, context.preset.streamPrefetchBlocks));
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeBlockStreamingStrategy() { return std::make_unique<BlockStreamingStrategy>(); }

} // namespace framesmith
