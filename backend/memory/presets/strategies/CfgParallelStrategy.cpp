#include "memory/monitor/DeviceNames.h"
#include "memory/presets/MemoryStrategy.h"

#include <algorithm>
#include <memory>

namespace framesmith {
namespace {

// A full transformer copy may take this share of a GPU; the rest is for batch-1 activations.
constexpr double kReplicaShare = 0.75;

// Classifier-free guidance runs the transformer on a batch of two (conditional, unconditional).
// With two GPUs each half runs on its own device with its own copy of the transformer: the
// step takes about half the time and each device holds batch-1 activations.
class CfgParallelStrategy final : public MemoryStrategy {
public:
    std::string name() const override { return "cfg-parallel"; }
    std::string summary() const override { return "Run the conditional and unconditional halves of guidance on two GPUs"; }
    void enable(MemoryPreset& preset) const override { preset.cfgParallel = true; }

    void shapePlacement(const StrategyContext& context, PlacementPlan& plan) const override
    {
        if (context.devices.size() < 2) {
            plan.notes.push_back("cfg-parallel: needs two GPUs; guidance runs as one batch of two");
            return;
        }
        std::vector<DeviceInfo> byRoom = context.devices;
        std::stable_sort(byRoom.begin(), byRoom.end(),
                         [](const DeviceInfo& a, const DeviceInfo& b) { return usableBytes(a) > usableBytes(b); });
        const double replica = static_cast<double>(context.footprint.denoiser().bytes());
        if (replica > kReplicaShare * static_cast<double>(usableBytes(byRoom[1]))) {
            plan.notes.push_back("cfg-parallel: a transformer copy does not fit on " + deviceName(byRoom[1]) +
                                 "; guidance runs as one batch of two");
            return;
        }
        const std::string conditional = deviceName(byRoom[0]);
        for (ModulePlacement* m : plan.ofLever(ComponentRole::Denoiser)) {
            m->homeDevice = conditional;
            m->computeDevice = conditional;
            m->streamed = false;
            m->releaseAfterUse = false;
        }
        plan.setCfgUnconditionalDevice(deviceName(byRoom[1]));
        // With a third GPU the other components get out of the way of both halves.
        if (byRoom.size() < 3)
            return;
        for (ModulePlacement& m : plan.modules()) {
            if (leverRole(m.role) == ComponentRole::Denoiser || m.computeDevice == "cpu")
                continue;
            m.computeDevice = deviceName(byRoom[2]);
            if (!m.releaseAfterUse)
                m.homeDevice = m.computeDevice;
        }
    }
};

} // namespace

std::unique_ptr<MemoryStrategy> makeCfgParallelStrategy() { return std::make_unique<CfgParallelStrategy>(); }

} // namespace framesmith
