#pragma once
// The memory planner: a model (as its family describes it: ModelPlanning) x request x preset x
// devices -> per-stage, per-device peak bytes and a verdict, without loading weights. Only the
// arithmetic every family shares lives here. Pure functions; any thread (the GUI may call them).
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPlan.h"
#include "framesmith/MemoryPreset.h"
#include "memory/planner/ActivationEstimator.h"
#include "memory/planner/ModelPlanning.h"
#include "memory/planner/StepTimeEstimator.h"
#include "memory/placement/PlacementPlan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

class PresetStore;

struct DeviceBreakdown {
    std::string device;
    std::int64_t weightBytes = 0;
    std::int64_t activationBytes = 0;
    std::int64_t marginBytes = 0;      // CUDA context and allocator fragmentation
    std::int64_t capacityBytes = 0;    // 0: unknown (not checked)
    std::int64_t pinnedBytes = 0;      // host: block streaming's staging ring (PinnedStagingRing::pinnedBytesFor)
    std::int64_t peakBytes() const { return weightBytes + activationBytes + marginBytes + pinnedBytes; }
    bool fits() const { return capacityBytes <= 0 || peakBytes() <= capacityBytes; }
};

struct StageBreakdown {
    std::string name;
    std::vector<DeviceBreakdown> devices;
};

struct DetailedPlan {
    MemoryPreset preset;               // the preset planned for ("auto" resolved to its choice)
    PlacementPlan placement;
    Residency residency;               // what a warm engine keeps loaded between generations
    std::vector<StageBreakdown> stages;
    AttentionPath attention = AttentionPath::Invalid;
    StepEstimate step;                 // seconds per denoising step with this placement
    bool fits() const;
    // Every device's peak at most (1 - fraction) of its capacity.
    bool fitsWithHeadroom(double fraction) const;
    MemoryPlan summary() const;        // without advice
};

class MemoryPlanner {
public:
    // CUDA context (cuBLAS/cuDNN workspaces, kernels) outside the caching allocator, per GPU used.
    static constexpr std::int64_t kCudaContextBytes = 600ll << 20;

    // `preset` must not be automatic (use choosePreset first). `residency`: components a warm engine
    // keeps loaded; their weights then count in every stage of the next generation.
    static DetailedPlan planDetailed(const ModelPlanning& model, const GenerationRequest& request,
                                     const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                     const Residency& residency = {});
    // Levers that would make a plan that does not fit fit, cheapest first; their strategy names
    // go to *fixStrategies when given.
    static std::vector<std::string> advise(const ModelPlanning& model, const GenerationRequest& request,
                                           const DetailedPlan& plan, const std::vector<DeviceInfo>& devices,
                                           std::vector<std::string>* fixStrategies = nullptr);
    // Resident weights are fastest, streaming them costs 60-80 % on a large GPU: an automatic preset
    // takes a candidate that keeps the transformer resident when it fits with this much to spare
    // (a prediction off by a few percent must not turn into an OOM), a streaming one when it fits.
    static constexpr double kResidentHeadroom = 0.10;
    // For an automatic preset, the first candidate that fits as above (else the last); others
    // returned as they are.
    static MemoryPreset choosePreset(const ModelPlanning& model, const GenerationRequest& request,
                                     const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                     const PresetStore& store);
};

// What Engine::plan calls: resolves "auto" through the built-in presets, plans, and advises.
MemoryPlan planMemory(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& preset,
                      const std::vector<DeviceInfo>& devices);

std::string formatBytes(std::int64_t bytes); // "17.2 GiB" (a "24 GB" card has 24 GiB); MiB below 1 GiB

} // namespace framesmith
