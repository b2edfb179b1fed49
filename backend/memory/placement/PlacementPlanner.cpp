#include "memory/placement/PlacementPlanner.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/presets/MemoryStrategyRegistry.h"

#include <algorithm>

namespace framesmith {

DeviceInfo PlacementPlanner::withHeadroom(const DeviceInfo& gpu, const MemoryPreset& preset)
{
    DeviceInfo room = gpu;
    room.freeBytes = std::max<std::int64_t>(1, usableBytes(gpu) - (std::int64_t(preset.vramHeadroomMb) << 20));
    return room;
}

PlacementPlan PlacementPlanner::build(const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                      const ModelFootprint& footprint)
{
    std::vector<DeviceInfo> gpus;
    for (const DeviceInfo& d : devices)
        if (d.isCuda())
            gpus.push_back(withHeadroom(d, preset));
    const std::string primary = gpus.empty() ? "cpu" : deviceName(gpus.front());

    PlacementPlan plan;
    // One module per component, then its blocks, in the family's order.
    auto add = [&](std::string module, const ComponentFootprint& component, int block, std::int64_t bytes) {
        ModulePlacement m;
        m.module = std::move(module);
        m.component = component.name;
        m.role = component.role;
        m.blockIndex = block;
        m.homeDevice = primary;
        m.computeDevice = primary;
        m.bytes = bytes;
        plan.modules().push_back(std::move(m));
    };
    for (const ComponentFootprint& c : footprint.components) {
        add(c.name, c, -1, c.baseBytes + c.bufferBytes);
        for (int i = 0; i < c.blocks.blockCount; ++i)
            add(c.blockModule(i), c, i, c.blocks.blockBytes);
    }

    plan.setNarrowedBlocks(preset.weightStorage != WeightStorage::Native);
    const StrategyContext context{preset, gpus, footprint, primary};
    for (const std::string& name : preset.strategies) {
        const MemoryStrategy* strategy = findMemoryStrategy(name);
        if (!strategy)
            throw InvalidRequestError("preset.strategies", "unknown strategy '" + name + "' in preset '" +
                                                               preset.name + "' (known: " + memoryStrategyNames() + ")");
        strategy->shapePlacement(context, plan);
    }
    return plan;
}

} // namespace framesmith
