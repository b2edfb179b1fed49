#pragma once
// Shared by the step-cache tests of each family: one generation through GenerationRunner (no
// decode) with or without a StepCache the test owns, returning the final latents.
#include "models/ModelRegistry.h"
#include "engine/GenerationRunner.h"
#include "sampling/StepCache.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <string>

namespace framesmith::test {

struct CachedRun {
    at::Tensor latents;
    GenerationResult result;
};

inline CachedRun runWithCache(const GenerationRequest& request, StepCache* cache, const std::string& checkpointPath)
{
    c10::InferenceMode inference;
    auto pipeline = ModelRegistry::createPipeline(request.modelPath, PipelineResources{});
    ProgressSink sink;
    CancelToken cancel;
    GenerationRunner runner(*pipeline, sink, cancel);
    RunOptions options;
    options.checkpointPath = checkpointPath;
    options.isDecodeWanted = false;
    options.isPreviewWanted = false;
    options.stepCache = cache;
    CachedRun run;
    run.result = runner.run(request, options);
    run.latents = pipeline->latents().clone();
    return run;
}

// The steps at which `branch` ran the blocks after the first.
inline std::vector<int> computedSteps(const StepCache& cache, int branch)
{
    std::vector<int> steps;
    for (const StepCache::Decision& d : cache.trace())
        if (d.branch == branch && d.isComputed)
            steps.push_back(d.step);
    return steps;
}

} // namespace framesmith::test
