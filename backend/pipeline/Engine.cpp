#include "framesmith/Engine.h"

#include "core/ComputeThreads.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/placement/RuntimePlacement.h"
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
    return inspectModelFolder(folder).spec;
}

GenerationResult Engine::generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel)
{
    c10::InferenceMode inference;
    ComputeThreads::apply();
    // The preset first: its allocator settings must be in place before CUDA allocates anything.
    std::string memoryLog;
    const std::vector<DeviceInfo> devices = DeviceMemory::detect();
    const MemoryPreset preset = GenerationMemory::resolvePreset(request, devices, &memoryLog);
    PipelineResources resources = PipelineResourcesFor::preset(preset, at::hasCUDA());
    resources.cancel = &cancel;
    // The preset carried out: components load, move and stream where its plan says. Declared
    // before the pipeline, which refers to it until destroyed.
    RuntimePlacement placement(preset, devices, ModelRegistry::planning(request.modelPath)->footprint(preset));
    resources.placement = &placement;
    sink.onStageStarted({Stage::Loading, request.modelPath + " (" + memoryLog + ")"});
    if (!resources.device.is_cuda())
        for (const Warning& warning : environmentWarnings())
            sink.onWarning(warning);
    GenerationMemory memory(preset, sink, resources.device.is_cuda() ? "cuda:" + std::to_string(resources.device.index()) : "cpu");
    auto pipeline = ModelRegistry::createPipeline(request.modelPath, resources);
    EngineRequestCheck::require(request, pipeline->parameterSpec());
    GenerationRunner runner(*pipeline, sink, cancel);
    RunOptions options;
    options.decode = resources.decode;
    options.memory = &memory;
    options.placement = &placement;
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
