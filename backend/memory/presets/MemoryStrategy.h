#pragma once
// One memory lever (offload, streaming, tiling, allocator setting, ...). A preset is a list of
// strategy names: each strategy writes the preset fields it stands for (enable) and reshapes the
// placement plan. New strategy = one file in strategies/ + one line in MemoryStrategyRegistry.cpp.
#include "framesmith/DeviceInfo.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ModelFootprint.h"
#include "memory/placement/PlacementPlan.h"

#include <string>
#include <vector>

namespace framesmith {

struct StrategyContext {
    const MemoryPreset& preset;
    const std::vector<DeviceInfo>& devices; // CUDA devices only, in index order (may be empty)
    const ModelFootprint& footprint;
    std::string primaryDevice;              // "cuda:N" of the first device, or "cpu"
};

class MemoryStrategy {
public:
    virtual ~MemoryStrategy() = default;
    virtual std::string name() const = 0;     // stable: stored in preset JSON
    virtual std::string summary() const = 0;  // one line for the preset editor
    // Strategies that set the same lever another way and so cannot be in one preset with this one
    // (e.g. two weight storages). A conflict named on either side counts for both.
    virtual std::vector<std::string> excludes() const { return {}; }
    // Sets the preset fields this strategy stands for; explicit JSON fields are applied after.
    virtual void enable(MemoryPreset& preset) const = 0;
    // Applied in the preset's order after the base plan (everything on the primary device).
    virtual void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const {}
};

} // namespace framesmith
