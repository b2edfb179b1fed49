#pragma once
// The one facade the app and the CLI use. Thread contract: construct, generate and destroy on
// the same (worker) thread; plan() and inspect() are pure and may run on any thread.
#include "framesmith/CancelToken.h"
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/GenerationResult.h"
#include "framesmith/MemoryPlan.h"
#include "framesmith/MemoryPreset.h"
#include "framesmith/ModelInfo.h"
#include "framesmith/ParameterSpec.h"

#include <memory>
#include <vector>

namespace framesmith {

class Engine {
public:
    Engine();
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    static ModelInfo inspectModel(const std::string& folder);         // throws FileError
    static ParameterSpec parameterSpec(const std::string& folder);
    static std::vector<DeviceInfo> devices();
    // Problems with this machine's setup that slow or break generation (e.g. the reference BLAS).
    static std::vector<Warning> environmentWarnings();

    static MemoryPlan plan(const GenerationRequest& request, const MemoryPreset& preset,
                           const std::vector<DeviceInfo>& devices);

    // Runs the whole clip: text encoding, denoising, latents checkpoint, decoding.
    // Throws framesmith::Error (OutOfMemoryError only once recovery failed and latents are on disk).
    GenerationResult generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace framesmith
