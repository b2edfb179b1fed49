#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class ExpandableSegmentsStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "expandable-segments"; }
    std::string summary() const override { return "PyTorch allocator with expandable segments: less fragmentation, less wasted memory"; }
    void enable(MemoryPreset& preset) const override { preset.expandableSegments = true; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeExpandableSegmentsStrategy() { return std::make_unique<ExpandableSegmentsStrategy>(); }

} // namespace framesmith
