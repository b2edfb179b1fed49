#include "memory/presets/MemoryStrategy.h"

#include <memory>

namespace framesmith {
namespace {

class Fp8WeightsStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "fp8-weights"; }
    std::string summary() const override { return "Store transformer weights as fp8, compute in bf16 (half the weight memory, small quality cost)"; }
    std::vector<std::string> excludes() const override { return {"int8-weights"}; }
    void enable(MemoryPreset& preset) const override { preset.weightStorage = WeightStorage::Float8; }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeFp8WeightsStrategy() { return std::make_unique<Fp8WeightsStrategy>(); }

} // namespace framesmith
