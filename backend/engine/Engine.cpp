#include "framesmith/Engine.h"

#include "core/ComputeThreads.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "memory/host/HostBlockCache.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/oom/OutOfMemoryClassifier.h"
#include "models/ModelRegistry.h"
#include "engine/planning/EnginePlanning.h"
#include "engine/EngineSession.h"
#include "engine/GenerationHooks.h"
#include "engine/GenerationRunner.h"
#include "engine/warm/HeldMemory.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "engine/warm/PromptCache.h"
#include "engine/RunReport.h"
#include "engine/planning/StepTimeFeedback.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <malloc.h>

#include <optional>

namespace framesmith {

namespace {

// The session's models check its own token; for one call it reports what the caller's token says.
struct FollowCancel {
    CancelToken& token;
    FollowCancel(CancelToken& own, const CancelToken& run) : token(own)
    {
        token.reset();
        token.follow(&run);
    }
    ~FollowCancel() { token.follow(nullptr); }
};

// Read before any weight loads: a wrong path fails at once.
std::optional<at::Tensor> initialLatentsFor(const GenerateOptions& options)
{
    if (options.hooks && options.hooks->initialLatents)
        return options.hooks->initialLatents;
    if (options.latentsInPath.empty())
        return std::nullopt;
    SafetensorsReader reader(options.latentsInPath);
    if (!reader.find("latents"))
        throw FileError(ErrorCode::BadFile, options.latentsInPath, "has no tensor \"latents\"");
    return reader.view("latents").clone();
}

void applyDecodeOptions(const DecodeOptions& vae, DecodeSettings& settings, MemoryPreset* preset)
{
    settings.tiling = vae.tiling;
    settings.slicing = vae.slicing;
    settings.tileHeight = vae.tileHeight;
    settings.tileWidth = vae.tileWidth;
    if (vae.tileHeight < 16 || vae.tileWidth < 16)
        throw InvalidRequestError("vae tiles", "tiles must be at least 16 pixels, got " +
                                                   std::to_string(vae.tileHeight) + " x " + std::to_string(vae.tileWidth));
    if (!preset)
        return;
    preset->vaeTiling = vae.tiling;
    preset->vaeSlicing = vae.slicing;
    preset->vaeTileHeight = vae.tileHeight;
    preset->vaeTileWidth = vae.tileWidth;
}

std::string memoryDevice(const PipelineResources& resources)
{
    return resources.device.is_cuda() ? "cuda:" + std::to_string(resources.device.index()) : "cpu";
}

// Freed weights go back to the system: glibc keeps large freed blocks in its arenas otherwise.
void returnFreedMemory()
{
    DeviceMemory::releaseCache();
    malloc_trim(0);
}

} // namespace

struct Engine::Impl {
    std::unique_ptr<EngineSession> session;
    PromptCache prompts;

    EngineSession& acquire(const EngineSetup& setup, ProgressSink& sink, bool& wasWarm);
    void unload();
    void publish() { HeldMemory::set(this, session ? session->placement().residentBytes() : std::map<std::string, std::int64_t>{}); }
    [[noreturn]] void fail(Stage stage);
    GenerationResult run(EngineSession& session, const EngineSetup& setup, ProgressSink& sink,
                         const GenerateOptions& options, std::optional<at::Tensor> initial, Stage& stage,
                         const LatentsCheckpoint* resume);
    GenerationResult generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel,
                              const GenerateOptions& options, const LatentsCheckpoint* resume);
};

Engine::Engine() : m_impl(std::make_unique<Impl>()) {}

Engine::~Engine()
{
    m_impl->unload();
}

ModelInfo Engine::inspectModel(const std::string& folder)
{
    return inspectModelFolder(folder);
}

ParameterSpec Engine::parameterSpec(const std::string& folder)
{
    return EnginePlanning::specOf(folder);
}

GenerationRequest Engine::defaultRequest(const std::string& folder)
{
    const ParameterSpec spec = parameterSpec(folder);
    GenerationRequest r;
    r.modelPath = folder;
    r.width = spec.defaultWidth;
    r.height = spec.defaultHeight;
    r.frameCount = spec.defaultFrames;
    r.fps = spec.defaultFps;
    r.steps = spec.defaultSteps;
    r.guidanceScale = spec.defaultGuidanceScale;
    r.negativePrompt = spec.defaultNegativePrompt;
    return r;
}

void Engine::Impl::unload()
{
    const bool wasLoaded = session != nullptr;
    session.reset();
    prompts.clear();
    publish();
    if (wasLoaded)
        returnFreedMemory();
}

// The loaded session when it can serve `setup`, else a new one (the old one unloaded first).
EngineSession& Engine::Impl::acquire(const EngineSetup& setup, ProgressSink& sink, bool& wasWarm)
{
    std::string reason = session ? setup.reloadReason(session->setup()) : std::string();
    wasWarm = session && reason.empty();
    if (wasWarm) {
        sink.onStageStarted({Stage::Loading, setup.request.modelPath + " (loaded already; " + setup.log + ")"});
        return *session;
    }
    if (session)
        unload(); // before loading anything else: the old model's memory is needed
    sink.onStageStarted({Stage::Loading, setup.request.modelPath + " (" + setup.log +
                                             (reason.empty() ? "" : "; reloading: " + reason) + ")"});
    session = std::make_unique<EngineSession>(setup);
    return *session;
}

// A failure leaves the stage it happened in named; after running out of memory (or an unexpected
// error) nothing loaded is trusted or worth its memory: everything is freed.
void Engine::Impl::fail(Stage stage)
{
    try {
        OutOfMemoryClassifier::rethrowForStage(stage);
    } catch (const Error& e) {
        if (e.code() == ErrorCode::OutOfMemory || e.code() == ErrorCode::Internal)
            unload();
        throw;
    }
}

GenerationResult Engine::Impl::run(EngineSession& s, const EngineSetup& setup, ProgressSink& sink,
                                   const GenerateOptions& options, std::optional<at::Tensor> initial, Stage& stage,
                                   const LatentsCheckpoint* resume)
{
    GenerationMemory memory(setup.preset, sink, memoryDevice(setup.resources));
    RunOptions run;
    run.checkpointPath = options.saveLatentsPath;
    run.initialLatents = std::move(initial);
    run.noise = options.hooks ? options.hooks->noise : nullptr;
    if (options.hooks)
        run.startImage = options.hooks->startImage;
    run.decode = setup.resources.decode;
    run.isDecodeWanted = options.isDecodeWanted;
    run.isPreviewWanted = options.isPreviewWanted;
    run.memory = &memory;
    run.placement = &s.placement();
    run.prompts = &prompts;
    run.promptModelKey = s.promptModelKey();
    run.resume = resume;
    run.pauseAfterStep = options.pauseAfterStep;
    if (options.hooks)
        run.promptsObserver = options.hooks->promptsObserver;
    s.pipeline().setStepObserver(options.hooks ? options.hooks->stepObserver : VideoPipeline::StepObserver());
    s.placement().beginRun();
    GenerationRunner runner(s.pipeline(), sink, s.cancel());
    struct Track { // the stage the runner is in, for the error's label
        Stage& stage;
        GenerationRunner& runner;
        ~Track() { stage = runner.stage(); }
    } track{stage, runner};
    GenerationResult result = runner.run(setup.request, run);
    if (options.hooks) {
        options.hooks->finalLatents = s.pipeline().latents();
        options.hooks->frames = runner.frames();
        if (options.hooks->placementObserver)
            options.hooks->placementObserver(s.placement());
    }
    if (const std::string path = RunReport::pathFor(options.memoryReportPath); !path.empty())
        RunReport::write(path, memory, s.placement(), result, sink);
    return result;
}

GenerationResult Engine::generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel,
                                  const GenerateOptions& options)
{
    return m_impl->generate(request, sink, cancel, options, nullptr);
}

// The paused checkpoint is read (and refused) before any weight loads; the run is the one it
// records, so the remaining steps meet the same schedule, conditioning and noise.
GenerationResult Engine::resume(const std::string& pausedPath, ProgressSink& sink, const CancelToken& cancel,
                                const GenerateOptions& options)
{
    const LatentsCheckpoint paused = LatentsCheckpoint::readPaused(pausedPath);
    if (paused.family != ModelRegistry::familyOf(paused.request.modelPath).info().name)
        throw FileError(ErrorCode::BadFile, pausedPath, "was paused on a " + paused.family + " model, but " +
                                                            paused.request.modelPath + " is not one");
    return m_impl->generate(paused.request, sink, cancel, options, &paused);
}

GenerationResult Engine::Impl::generate(const GenerationRequest& request, ProgressSink& sink, const CancelToken& cancel,
                                        const GenerateOptions& options, const LatentsCheckpoint* resume)
{
    c10::InferenceMode inference;
    ComputeThreads::apply();
    EngineSetup setup = EngineSetup::resolve(request, options.device, options.devices,
                                             options.hooks && options.hooks->startImage.defined());
    if (options.decode)
        applyDecodeOptions(*options.decode, setup.resources.decode, &*setup.request.resolvedPreset);
    setup.preset = *setup.request.resolvedPreset;
    std::optional<at::Tensor> initial = initialLatentsFor(options);
    Stage stage = Stage::Loading;
    try {
        bool wasWarm = false;
        EngineSession& session = acquire(setup, sink, wasWarm);
        if (!wasWarm && !setup.resources.device.is_cuda())
            for (const Warning& warning : environmentWarnings())
                sink.onWarning(warning);
        for (const std::string& warning : setup.warnings)
            sink.onWarning({WarningKind::General, warning});
        std::optional<GenerationResult> ran;
        StepTimeFeedback timed(sink); // the steps it times calibrate the next forecast
        {
            // Ends here: the unload below may free the session, and the token with it (found by
            // ASan: the follower's destructor wrote into the freed session after a pause).
            FollowCancel follow(session.cancel(), cancel);
            // This request's setup (seed, prompt, decode levers) on the session's loaded models.
            ran.emplace(run(session, setup, timed, options, std::move(initial), stage, resume));
        }
        GenerationResult result = std::move(*ran);
        if (!session.isStale()) // an out-of-memory rung ran other placements than the plan's
            timed.record(setup.request, setup.preset, setup.devices, StepTimeCalibration(StepTimeCalibration::defaultPath()));
        result.wasWarm = wasWarm;
        result.warnings.insert(result.warnings.begin(), setup.warnings.begin(), setup.warnings.end());
        session.countRun();
        // An out-of-memory rung moved things: the next run starts from the plan. A pause frees
        // the devices for whatever the user pauses for; resuming loads again.
        if (session.isStale() || result.isPaused)
            unload();
        publish();
        HostBlockCache::release();
        malloc_trim(0);
        return result;
    } catch (const CancelledError&) {
        throw; // the stages released what they held: the loaded model stays usable
    } catch (...) {
        fail(stage);
    }
}

GenerationResult Engine::decode(const DecodeRequest& request, ProgressSink& sink, const CancelToken& cancel)
{
    c10::InferenceMode inference;
    ComputeThreads::apply();
    LatentsCheckpoint checkpoint = LatentsCheckpoint::read(request.checkpointPath);
    GenerationRequest asked = checkpoint.request;
    if (!request.modelPath.empty())
        asked.modelPath = request.modelPath;
    EngineSetup setup = EngineSetup::resolve(asked, request.device, request.devices);
    const std::optional<MemoryPreset>& recorded = checkpoint.request.resolvedPreset;
    const DecodeOptions vae = request.isVaeAsRecorded && recorded
                                  ? DecodeOptions{recorded->vaeTiling, recorded->vaeSlicing, recorded->vaeTileHeight,
                                                  recorded->vaeTileWidth}
                                  : request.vae;
    // The clip's request records the VAE settings that made it.
    applyDecodeOptions(vae, setup.resources.decode, &*setup.request.resolvedPreset);
    const DecodeSettings settings = setup.resources.decode;
    GenerationResult result;
    result.request = setup.request;
    result.latentsCheckpointPath = request.checkpointPath;
    result.isPartial = checkpoint.isPartial;
    result.stepsCompleted = checkpoint.stepsCompleted;
    result.warnings = checkpoint.problems(); // decoded anyway, but never passed off as a finished clip
    for (const std::string& problem : result.warnings)
        sink.onWarning({WarningKind::General, request.checkpointPath + ": " + problem});
    try {
        // Only the VAE is needed: a loaded session of the same model serves, whatever its placement.
        bool wasWarm = m_impl->session && m_impl->session->setup().modelKey == setup.modelKey;
        EngineSession& session = wasWarm ? *m_impl->session : m_impl->acquire(setup, sink, wasWarm);
        FollowCancel follow(session.cancel(), cancel);
        GenerationRunner runner(session.pipeline(), sink, session.cancel());
        runner.decodeInto(result, checkpoint.latents, settings);
        if (request.hooks)
            request.hooks->frames = runner.frames();
        result.wasWarm = wasWarm;
        m_impl->publish();
        return result;
    } catch (const CancelledError&) {
        throw;
    } catch (...) {
        m_impl->fail(Stage::VaeDecoding);
    }
}

void Engine::unload()
{
    m_impl->unload();
}

std::optional<LoadedModel> Engine::loadedModel() const
{
    if (!m_impl->session)
        return std::nullopt;
    EngineSession& s = *m_impl->session;
    LoadedModel loaded;
    loaded.modelPath = s.setup().request.modelPath;
    loaded.presetName = s.setup().preset.name;
    for (const std::string& c : s.placement().plan().components())
        if (s.placement().plan().keepsLoaded(c))
            loaded.keptComponents.push_back(c);
    for (const auto& [device, bytes] : s.placement().residentBytes())
        loaded.heldBytes += bytes;
    loaded.generations = s.runCount();
    return loaded;
}

} // namespace framesmith
