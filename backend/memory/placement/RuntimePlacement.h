#pragma once
// Carries out a memory preset while a pipeline runs: builds the PlacementPlan for the preset and
// devices, and as components load and run, moves their real weights through a PlacementExecutor
// (model offload, text encoder on the CPU, blocks spread over GPUs, blocks streamed one or two
// ahead) with every move recorded in a WeightLedger. replan() switches presets mid-run (the OOM
// ladder's text-encoder-on-cpu and block-streaming rungs): loaded modules are re-placed at once.
// With a residency (a warm engine) kept components survive detach(): their stage ends, their
// weights stay bound and in the ledger, and attach() on the next generation starts the stage again.
// Logical "cuda:N" devices without a physical GPU map to the CPU, so plans for several GPUs run
// (and are tested) on a CPU-only machine. The worker thread only.
#include "framesmith/DeviceInfo.h"
#include "framesmith/MemoryPreset.h"
#include "memory/placement/ComponentPlacement.h"
#include "memory/planner/ModelFootprint.h"
#include "memory/placement/ModuleWeightTransport.h"
#include "memory/placement/PlacementExecutor.h"
#include "memory/placement/WeightLedger.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class RuntimePlacement : public ComponentPlacement {
public:
    // devices: what the plan may use (DeviceMemory::detect(), or simulated GPUs in tests).
    // residency: components kept loaded after their stage, for a warm engine's next generation.
    RuntimePlacement(const MemoryPreset& preset, std::vector<DeviceInfo> devices, ModelFootprint footprint,
                     Residency residency = {});
    ~RuntimePlacement() override;

    // Re-plans for a changed preset; components loaded now move to their new places.
    void replan(const MemoryPreset& preset);
    bool wasReplanned() const { return m_wasReplanned; }
    // A new generation begins: stage peaks and guidance forwards restart (kept weights stay).
    void beginRun();
    // Weight bytes loaded now (kept components between generations), per device.
    std::map<std::string, std::int64_t> residentBytes() const;

    const PlacementPlan& plan() const { return m_executor->plan(); }
    const MemoryPreset& preset() const { return m_preset; }
    const std::vector<DeviceInfo>& devices() const { return m_devices; } // as planned for (free memory then)
    const Residency& residency() const { return m_residency; }
    const WeightLedger& ledger() const { return m_ledger; }
    // Streamed blocks reach their GPU through a ring of prefetch + 1 pinned slots; tests count its
    // allocations through this hook (default: pinned memory where CUDA is).
    void setStagingAllocator(PinnedStagingRing::Allocate allocate);
    const PinnedStagingRing* stagingRing() const { return m_transport.stagingRing(); } // null until a block streams
    // Per stage and device, the most weight bytes resident (stages finished so far).
    const std::map<std::string, std::map<std::string, std::int64_t>>& stagePeaks() const { return m_stagePeaks; }
    std::int64_t stagePeak(Stage stage, const std::string& device) const; // 0 when never used
    // Streamed or spread transformer blocks resident on `device` now.
    int blocksOn(const std::string& device) const;

    c10::Device loadDevice(const std::string& component) const override;
    c10::Device computeDevice(const std::string& component) const override;
    c10::Device physicalDevice(const std::string& logicalDevice) const override;
    void attach(const std::string& component, Module& module, const std::vector<Module*>& blocks = {},
                const std::vector<std::string>& blockPrefixes = {}) override;
    void detach(const std::string& component) override;
    bool keepsLoaded(const std::string& component) const override;
    std::function<void(int, bool)> blockCallback() override;
    std::string cfgUnconditionalDevice() const override { return plan().cfgUnconditionalDevice(); }
    c10::Device replicaLoadDevice() const override;
    void attachReplica(Module& replica, const std::vector<Module*>& blocks,
                       const std::vector<std::string>& blockPrefixes) override;
    std::function<void(int, bool)> replicaBlockCallback() override;
    // Bytes of the replica's weights as placed (0 before attachReplica).
    std::int64_t replicaBytes() const { return m_replicaBytes; }
    std::string logicalComputeDevice(const std::string& component) const override;
    void noteForward(const std::string& half, const std::string& logicalDevice) override;
    // (half, logical device) of every split guidance forward so far.
    const std::vector<std::pair<std::string, std::string>>& forwards() const { return m_forwards; }
    // Told of each component attached for its stage (after its weights are placed), with its role:
    // the engine reports a denoiser swapped in mid-stage (a second expert). Empty: nobody listens.
    using AttachObserver = std::function<void(const std::string& component, ComponentRole role)>;
    void setAttachObserver(AttachObserver observer) { m_attachObserver = std::move(observer); }

private:
    struct Attached {
        std::int64_t blockCount = 0;
    };
    Stage stageOf(const std::string& component) const;
    const ComponentFootprint& footprintOf(const std::string& component) const;
    std::string logicalLoadDevice(const std::string& component) const;
    std::vector<const ModulePlacement*> modulesOf(const std::string& component) const;
    void bringIn(const std::string& component, const std::map<std::string, std::string>& whereNow = {});
    void takeOut(const std::string& component);

    MemoryPreset m_preset;
    std::vector<DeviceInfo> m_devices;
    ModelFootprint m_footprint;
    WeightLedger m_ledger;
    ModuleWeightTransport m_transport;
    ModuleWeightTransport m_replicaTransport; // the cfg-parallel replica's weights
    std::int64_t m_replicaBytes = 0;
    std::unique_ptr<PlacementExecutor> m_executor;
    std::map<std::string, Attached> m_attached;
    Residency m_residency;
    bool m_wasReplanned = false;
    std::map<std::string, std::map<std::string, std::int64_t>> m_stagePeaks;
    std::vector<std::pair<std::string, std::string>> m_forwards;
    AttachObserver m_attachObserver;
};

} // namespace framesmith
