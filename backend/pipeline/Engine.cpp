#include "framesmith/Engine.h"

#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "pipeline/EngineRequestCheck.h"
#include "pipeline/GenerationRunner.h"
#include "pipeline/PipelineResourcesFor.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <c10/util/Exception.h>

#include <cstring>

namespace framesmith {

struct Engine::Impl {};

Engine::Engine() : m_impl(std::make_unique<Impl>()) {}
Engine::~Engine() = default;

ModelInfo Engine::inspectModel(const std::string& folder)
{
    return inspectModelFolder(folder);
}

ParameterSpec Engine::parameterSpec(const std::string& folder)
{
    return ModelRegistry::createPipeline(folder, PipelineResources{})->parameterSpec();
}

GenerationResult Engine::generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel)
{
    c10::InferenceMode inference;
    PipelineResources resources = PipelineResourcesFor::request(request);
    resources.cancel = &cancel;
    sink.onStageStarted({Stage::Loading, request.modelPath});
    auto pipeline = ModelRegistry::createPipeline(request.modelPath, resources);
    EngineRequestCheck::require(request, pipeline->parameterSpec());
    GenerationRunner runner(*pipeline, sink, cancel);
    RunOptions options;
    options.decode = resources.decode;
    try {
        return runner.run(request, options);
    } catch (const c10::Error& e) {
        if (std::strstr(e.what(), "out of memory"))
            throw OutOfMemoryError("denoise", e.what_without_backtrace());
        throw Error(ErrorCode::Internal, e.what_without_backtrace());
    } catch (const std::bad_alloc&) {
        throw OutOfMemoryError("denoise", "the host ran out of memory");
    }
}

} // namespace framesmith
