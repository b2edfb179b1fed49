#pragma once
// The one facade every front end drives: the app's worker, framesmith-cli, the benchmarks and the
// batch runner. Nothing else assembles a pipeline. An Engine is warm: between generations it keeps
// what the memory plan allows loaded (a compatible request reloads nothing; prompt embeddings are
// cached), and unloads on a model or placement change, on unload(), and when destroyed.
// Thread contract: construct, generate, decode, unload and destroy on the same (worker) thread;
// the static functions are pure and may run on any thread.
#include "framesmith/CancelToken.h"
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerateOptions.h"
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/GenerationResult.h"
#include "framesmith/MemoryPlan.h"
#include "framesmith/MemoryPreset.h"
#include "framesmith/ModelCheck.h"
#include "framesmith/ModelInfo.h"
#include "framesmith/ParameterSpec.h"
#include "framesmith/PromptTokenCount.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

// What a warm engine holds between generations.
struct LoadedModel {
    std::string modelPath;
    std::string presetName;
    std::vector<std::string> keptComponents; // "transformer", "vae", ... (may be empty)
    std::int64_t heldBytes = 0;              // weights kept loaded, all devices
    int generations = 0;                     // served since it was loaded
};

class Engine {
public:
    Engine();
    ~Engine(); // unloads
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    static ModelInfo inspectModel(const std::string& folder);         // throws FileError
    static ParameterSpec parameterSpec(const std::string& folder);
    // A request for `folder` with its family's defaults (size, frames, fps, steps, guidance): what
    // a new form shows, and what `generate` and `plan` assume for what the user did not give.
    static GenerationRequest defaultRequest(const std::string& folder);
    // Everything inspect checks: components, files, every safetensors header (reads headers, not
    // weights: about a second on a 5b model, so not on the GUI thread). Throws nothing.
    static ModelCheck verifyModel(const std::string& folder);
    // The prompt's length in the model's own tokenizer; limit 0 when the folder has none. Throws
    // FileError for an unreadable tokenizer. Milliseconds; a worker thread keeps typing smooth.
    static PromptTokenCount countTokens(const std::string& folder, const std::string& text);
    static std::vector<DeviceInfo> devices();
    // Problems with this machine's setup that slow or break generation (e.g. the reference BLAS).
    static std::vector<Warning> environmentWarnings();

    // The planner's verdict for the request, checked with generate's rules first (throws
    // InvalidRequestError naming the field), counting what a warm engine keeps loaded.
    static MemoryPlan plan(const GenerationRequest& request, const MemoryPreset& preset,
                           const std::vector<DeviceInfo>& devices);

    // Runs the whole clip: text encoding, denoising, latents checkpoint, decoding. Bad input is
    // refused before any weight loads. Throws framesmith::Error: OutOfMemoryError labelled with
    // the stage it happened in (once recovery failed); errors after steps finished carry the
    // latents checkpoint (Error::latentsCheckpointPath), CancelledError included.
    GenerationResult generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel,
                              const GenerateOptions& options = {});
    // Continues a paused run (result.isPaused of an earlier generate, in this process or another)
    // from its checkpoint: the request it records, at the step it stopped, with the sampler's and
    // the noise's state, so the final latents are the uninterrupted run's bit for bit. `options`
    // as for generate (where the final checkpoint goes, decoding, devices; pauseAfterStep pauses
    // again). Throws FileError for a file that is not a paused checkpoint, before loading.
    GenerationResult resume(const std::string& pausedPath, ProgressSink& sink, const CancelToken& cancel,
                            const GenerateOptions& options = {});
    // Decodes a latents checkpoint again with other VAE settings (result.request is the checkpoint's).
    GenerationResult decode(const DecodeRequest& request, ProgressSink& sink, const CancelToken& cancel);

    // Frees every model and cached embedding now; the next generate loads again.
    void unload();
    std::optional<LoadedModel> loadedModel() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace framesmith
