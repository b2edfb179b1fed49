#pragma once
// Carries out a PlacementPlan stage by stage: moves modules to their compute device when their
// stage begins, frees them (dropAfterUse) or moves them back home (releaseAfterUse) when it ends,
// streams blocks around each transformer
// block, and records every byte in a WeightLedger. With no transport it is a dry run: the planner
// uses exactly this to predict weight residency, so prediction and execution cannot drift apart.
// One thread (the generation worker).
#include "framesmith/Stage.h"
#include "memory/placement/PlacementPlan.h"
#include "memory/placement/WeightLedger.h"
#include "memory/placement/WeightTransport.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace framesmith {

class PlacementExecutor {
public:
    PlacementExecutor(PlacementPlan plan, WeightLedger& ledger, WeightTransport* transport = nullptr);

    void beginStage(Stage stage);
    void endStage(Stage stage);
    // The per-block hook (blockIndex, beforeBlock) of the blocked component: the denoising stage's
    // first component with blocks, that of the last stage begun that has blocks, or the one chosen
    // with setBlockComponent (a model with two expert transformers switches between them mid-stage).
    void onBlock(int block, bool beforeBlock);
    void setBlockComponent(const std::string& component);
    std::function<void(int, bool)> blockCallback();

    const PlacementPlan& plan() const { return m_plan; }
    // The measured size of a module once loaded (the plan's bytes are estimates); before bringing it in.
    void setModuleBytes(const std::string& module, std::int64_t bytes);
    // Per device, the most weight bytes resident during each finished stage.
    const std::map<std::string, std::map<std::string, std::int64_t>>& stagePeaks() const { return m_stagePeaks; }
    static const char* replicaName() { return "transformer@cfg-unconditional"; }

private:
    void bringIn(const ModulePlacement& m);
    void ensureBlock(int block);
    void dropStreamedBlocks(); // the blocked component's copies on their compute devices
    const ModulePlacement* streamedBlock(int block) const;

    PlacementPlan m_plan;
    WeightLedger& m_ledger;
    WeightTransport* m_transport;
    std::string m_blockComponent;
    std::set<int> m_blocksOnDevice;
    std::map<std::string, std::map<std::string, std::int64_t>> m_stagePeaks; // stage -> device -> bytes
};

} // namespace framesmith
