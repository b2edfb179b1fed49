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
#include <vector>

namespace framesmith {

class PlacementExecutor {
public:
    PlacementExecutor(PlacementPlan plan, WeightLedger& ledger, WeightTransport* transport = nullptr);

    // `active`: of a stage's denoisers taken in turn (isTakenInTurn), the one that runs now (default:
    // the stage's first); the others are not read in, they wait on disk for their turn. An image
    // encoder is read in only as `active` (its own attach, at the start of denoising), alone.
    void beginStage(Stage stage, const std::string& active = {});
    // Ends the stage; a denoiser taken in turn is freed then (RAM too) unless the plan keeps it.
    void endStage(Stage stage);
    // Mid-stage, the next denoiser taken in turn takes over (a model's second expert): the active one's
    // blocks are dropped and it is freed unless kept, then `component` is read in (from disk) and placed.
    // No effect when `component` is the active one.
    void switchTo(const std::string& component);
    // Several denoisers in one stage (experts) run one after another, never together.
    static bool isTakenInTurn(const PlacementPlan& plan, const std::string& component);
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
    void readIn(const std::vector<std::string>& components);
    // Its stage (or its turn) is over: freed (dropAfterUse, or a denoiser taken in turn and not kept),
    // or moved home (releaseAfterUse).
    void endUse(const ModulePlacement& m);
    bool isWaiting(const std::string& component) const; // taken in turn, and not the active one
    bool isImageEncoderComponent(const std::string& component) const;
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
