#pragma once
// Shared by the Engine tests: a sink that records stages and steps (and can cancel at a step), a
// generation through a given Engine that keeps its final latents, and the tiny 2b request.
#include "framesmith/Engine.h"
#include "engine/GenerationHooks.h"
#include "support/TestPaths.h"
#include "support/TinyGeneration.h"

#include <ATen/ATen.h>

#include <string>
#include <vector>

namespace framesmith::test {

struct Sink : ProgressSink {
    std::vector<StageStarted> stages;
    int steps = 0;
    CancelToken* cancelAfter = nullptr;
    int cancelAtStep = 0;
    void onStageStarted(const StageStarted& e) override { stages.push_back(e); }
    void onStepFinished(const StepFinished& e) override
    {
        steps = e.step;
        if (cancelAfter && e.step == cancelAtStep)
            cancelAfter->request(CancelMode::StopNow);
    }
    bool sawDetail(Stage stage, const std::string& text) const
    {
        for (const StageStarted& s : stages)
            if (s.stage == stage && s.detail.find(text) != std::string::npos)
                return true;
        return false;
    }
};

struct Run {
    GenerationResult result;
    at::Tensor latents;
};

inline Run generate(Engine& engine, const GenerationRequest& request, GenerateOptions options = {}, Sink* sink = nullptr)
{
    GenerationHooks hooks;
    options.hooks = &hooks;
    options.isPreviewWanted = false;
    Sink own;
    CancelToken cancel;
    Run run;
    run.result = engine.generate(request, sink ? *sink : own, cancel, options);
    run.latents = hooks.finalLatents.clone();
    return run;
}

inline GenerationRequest tiny(std::uint64_t seed = 3, const std::string& model = "models/tiny-2b")
{
    GenerationRequest r = tinyRequest(cogvideoxFixture(model), 2);
    r.seed = seed;
    r.preset = "24gb";
    return r;
}

inline GenerateOptions noDecode()
{
    GenerateOptions o;
    o.isDecodeWanted = false;
    return o;
}


} // namespace framesmith::test
