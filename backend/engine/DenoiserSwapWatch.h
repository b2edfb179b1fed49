#pragma once
// A denoiser swapped in mid-stage (a model with experts, where a low-noise transformer takes over
// from the high-noise one part way through the steps) is reported the way stages are: the
// Denoising stage starts again, its detail beginning with the component that takes over
// ("transformer_2 takes over from transformer at step 3 of 4"). Front ends mark the moment (the
// memory graph draws a marker there). Watches the placement's attaches while it lives; the first
// denoiser of the run, or the same one attached again (a retry), is no swap. The worker thread only.
#include "framesmith/GenerationEvents.h"
#include "memory/planner/ComponentRole.h"

#include <functional>
#include <string>

namespace framesmith {

class RuntimePlacement;

class DenoiserSwapWatch {
public:
    // placement may be null (nothing to watch). stepsCompleted and stepCount are read at the swap:
    // the swap happens inside step stepsCompleted + 1.
    DenoiserSwapWatch(RuntimePlacement* placement, ProgressSink& sink, const int& stepsCompleted,
                      std::function<int()> stepCount);
    ~DenoiserSwapWatch();
    DenoiserSwapWatch(const DenoiserSwapWatch&) = delete;
    DenoiserSwapWatch& operator=(const DenoiserSwapWatch&) = delete;

private:
    void onAttach(const std::string& component, ComponentRole role);

    RuntimePlacement* m_placement;
    ProgressSink& m_sink;
    const int& m_stepsCompleted;
    std::function<int()> m_stepCount;
    std::string m_active; // the denoiser attached last
};

} // namespace framesmith
