#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class Int8WeightsStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "int8-weights"; }
    std::string summary() const override { return "Store transformer weights as int8 with per-channel scales, compute in bf16"; }
    std::vector<std::string> excludes() const override { return {"fp8-weights"}; }
    void enable(MemoryPreset& preset) const override { preset.weightStorage = WeightStorage::Int8; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeInt8WeightsStrategy() { return std::make_unique<Int8WeightsStrategy>(); }

} // namespace framesmith
