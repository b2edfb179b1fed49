#pragma once
// One model loaded for generation: the pipeline, the RuntimePlacement it follows and the setup it
// was built for. A warm Engine keeps one between generations; the components its residency keeps
// stay loaded in it, the rest load and free stage by stage. Its cancel token lives as long as the
// models that check it and follows each run's token in turn. The worker thread that created it
// uses and destroys it (pipeline first, then the placement it refers to).
#include "framesmith/CancelToken.h"
#include "memory/placement/RuntimePlacement.h"
#include "models/VideoPipeline.h"
#include "engine/EngineSetup.h"

#include <memory>
#include <string>

namespace framesmith {

class EngineSession {
public:
    explicit EngineSession(EngineSetup setup); // reads configs, no weights yet
    ~EngineSession();
    EngineSession(const EngineSession&) = delete;
    EngineSession& operator=(const EngineSession&) = delete;

    const EngineSetup& setup() const { return m_setup; }
    VideoPipeline& pipeline() { return *m_pipeline; }
    RuntimePlacement& placement() { return *m_placement; }
    CancelToken& cancel() { return m_cancel; }
    // A run re-planned the placement (an out-of-memory rung): its state is no longer the plan's.
    bool isStale() const { return m_placement->wasReplanned(); }
    int runCount() const { return m_runs; }
    void countRun() { ++m_runs; }
    // The compute dtype and model, for the prompt cache's key.
    std::string promptModelKey() const;

private:
    EngineSetup m_setup;
    CancelToken m_cancel;
    std::unique_ptr<RuntimePlacement> m_placement;
    std::unique_ptr<VideoPipeline> m_pipeline;
    int m_runs = 0;
};

} // namespace framesmith
