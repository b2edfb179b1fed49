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
#include "framesmith/ModelCheck.h"
#include "framesmith/ModelInfo.h"
#include "framesmith/ParameterSpec.h"
#include "framesmith/PromptTokenCount.h"

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
    // Everything inspect checks: components, files, every safetensors header (reads headers, not
    // weights: about a second on a 5b model, so not on the GUI thread). Throws nothing.
    static ModelCheck verifyModel(const std::string& folder);
    // The prompt's length in the model's own tokenizer; limit 0 when the folder has none. Throws
    // FileError for an unreadable tokenizer. Milliseconds; a worker thread keeps typing smooth.
    static PromptTokenCount countTokens(const std::string& folder, const std::string& text);
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
