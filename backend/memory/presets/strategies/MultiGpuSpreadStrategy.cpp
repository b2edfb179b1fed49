#include "memory/monitor/DeviceNames.h"
#include "memory/presets/MemoryStrategy.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace framesmith {
namespace {

// Share of a device's free memory weights may take; the rest is left for activations.
constexpr double kWeightShare = 0.8;

// Spreads transformer blocks over every GPU in contiguous runs sized by free memory (hidden
// states hop devices only at run boundaries), then puts the text encoder and the VAE on the
// device with the most room left. Nothing goes to the CPU.
class MultiGpuSpreadStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "multi-gpu-spread"; }
    std::string summary() const override { return "Spread components and transformer blocks over all GPUs by free memory"; }
    std::vector<std::string> excludes() const override { return {"transformer-resident", "model-offload", "block-streaming"}; }
    void enable(MemoryPreset& preset) const override { preset.spreadAcrossGpus = true; }

    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        if (context.devices.size() < 2) {
            plan.notes.push_back("multi-gpu-spread: one GPU or none, nothing to spread");
            return;
        }
        std::map<std::string, double> room;
        double totalRoom = 0;
        for (const DeviceInfo& d : context.devices) {
            room[deviceName(d)] = kWeightShare * static_cast<double>(usableBytes(d));
            totalRoom += room[deviceName(d)];
        }
        for (const ComponentFootprint& c : context.footprint.components)
            if (c.hasBlocks())
                spreadBlocks(context, c, plan, room, totalRoom);
        placeOnRoomiest(plan, ComponentRole::TextEncoder, room);
        placeOnRoomiest(plan, ComponentRole::Vae, room);
    }

private:
    static void spreadBlocks(const StrategyContext& context, const ComponentFootprint& component, PlacementPlan& plan,
                             std::map<std::string, double>& room, double totalRoom)
    {
        const int blockCount = component.blocks.blockCount;
        std::vector<std::pair<std::string, int>> runs; // device, blocks
        int assigned = 0;
        for (std::size_t i = 0; i < context.devices.size(); ++i) {
            const std::string name = deviceName(context.devices[i]);
            int share = i + 1 == context.devices.size()
                ? blockCount - assigned
                : static_cast<int>(std::lround(blockCount * room[name] / totalRoom));
            share = std::clamp(share, 0, blockCount - assigned);
            runs.emplace_back(name, share);
            assigned += share;
        }
        int block = 0;
        for (const auto& [device, count] : runs)
            for (int k = 0; k < count; ++k, ++block)
                if (ModulePlacement* m = plan.find(component.blockModule(block)))
                    moveTo(*m, device, room);
        if (ModulePlacement* base = plan.find(component.name))
            moveTo(*base, runs.front().first, room);
    }

    static void moveTo(ModulePlacement& m, const std::string& device, std::map<std::string, double>& room)
    {
        m.homeDevice = device;
        m.computeDevice = device;
        m.streamed = false;
        m.releaseAfterUse = false;
        room[device] -= static_cast<double>(m.bytes);
    }

    static void placeOnRoomiest(PlacementPlan& plan, ComponentRole role, std::map<std::string, double>& room)
    {
        for (ModulePlacement* m : plan.ofLever(role)) {
            if (m->computeDevice == "cpu")
                continue;
            auto best = std::max_element(room.begin(), room.end(),
                                         [](const auto& a, const auto& b) { return a.second < b.second; });
            bool wasReleased = m->releaseAfterUse;
            const std::string home = m->homeDevice;
            moveTo(*m, best->first, room);
            if (wasReleased) { // run-then-release keeps its host home
                m->homeDevice = home;
                m->releaseAfterUse = true;
                room[best->first] += static_cast<double>(m->bytes);
            }
        }
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeMultiGpuSpreadStrategy() { return std::make_unique<MultiGpuSpreadStrategy>(); }

} // namespace framesmith
