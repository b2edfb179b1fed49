#include "engine/GenerationRunner.h"

#include "export/TensorFrames.h"
#include "framesmith/Error.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/oom/OutOfMemoryClassifier.h"
#include "memory/placement/RuntimePlacement.h"
#include "export/ImageFile.h"
#include "engine/DenoiserSwapWatch.h"
#include "engine/LatentPreview.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "engine/checks/MemoryPressureCheck.h"
#include "engine/warm/PromptCache.h"
#include "sampling/StepCache.h"

#include <ATen/ATen.h>

#include <chrono>

namespace framesmith {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

at::Tensor loadStartImage(const GenerationRequest& request)
{
    if (!request.hasStartImage())
        return at::Tensor();
    RgbImage image = ImageFile::read(request.startImagePath);
    return at::from_blob(image.rgb.data(), {image.height, image.width, 3}, at::kByte).clone();
}

// The error's message without its "stage: " prefix (OutOfMemoryError adds it again).
std::string detailOf(const OutOfMemoryError& e)
{
    return std::string(e.what()).substr(e.stage().size() + 2);
}

} // namespace

GenerationRunner::GenerationRunner(VideoPipeline& pipeline, ProgressSink& sink, const CancelToken& cancel)
    : m_pipeline(pipeline), m_sink(sink), m_cancel(cancel), m_checkpoints(pipeline, sink)
{
}

GenerationRunner::~GenerationRunner() = default;

void GenerationRunner::beginStage(Stage stage, const std::string& detail)
{
    m_stage = stage;
    m_sink.onStageStarted({stage, detail});
}

void GenerationRunner::addTiming(GenerationResult& result, Stage stage, double seconds)
{
    result.timings.push_back({stageName(stage), seconds, m_memory ? m_memory->stagePeakBytes(stage) : 0});
}

// The warm engine's cache, when the pipeline can take its embeddings.
const EncodedPrompts* GenerationRunner::cachedPrompts(const GenerationRequest& request, const RunOptions& options)
{
    if (!options.prompts)
        return nullptr;
    const EncodedPrompts* cached = options.prompts->find(PromptCache::keyFor(options.promptModelKey, request));
    return cached && m_pipeline.reuseEncodedPrompts(request, *cached) ? cached : nullptr;
}

void GenerationRunner::encodeText(const GenerationRequest& request, const RunOptions& options, GenerationResult& result)
{
    auto start = std::chrono::steady_clock::now();
    const EncodedPrompts* prompts = cachedPrompts(request, options);
    beginStage(Stage::TextEncoding, prompts ? "prompt embeddings from the cache" : "prompt and negative prompt");
    m_memory->beginStage(Stage::TextEncoding);
    if (!prompts) {
        prompts = m_memory->run(Stage::TextEncoding, 0, [&] { return &m_pipeline.encodeText(request); });
        if (options.prompts)
            options.prompts->store(PromptCache::keyFor(options.promptModelKey, request), *prompts);
    }
    m_memory->endStage(Stage::TextEncoding);
    if (options.promptsObserver)
        options.promptsObserver(*prompts);
    if (prompts->truncatedTokens > 0)
        m_sink.onWarning({WarningKind::Truncation, "the prompt is too long: its last " +
                                                       std::to_string(prompts->truncatedTokens) +
                                                       " tokens were cut off (226-token limit)"});
    addTiming(result, Stage::TextEncoding, secondsSince(start));
}

void GenerationRunner::stepFinished(int index, double seconds, double secondsPerStep, GenerationResult& result)
{
    const int count = m_pipeline.stepCount();
    StepFinished event;
    event.step = index + 1;
    event.stepCount = count;
    event.timestep = static_cast<int>(m_pipeline.timestep(index));
    event.seconds = seconds;
    event.etaSeconds = secondsPerStep * (count - index - 1);
    m_sink.onStepFinished(event);
    result.stepsCompleted = index + 1;
}

// A pause is due before step `step` once asked for; the step a resumed run starts at never
// pauses for pauseAfterStep (it would stop where it began).
bool GenerationRunner::isPauseDue(const RunOptions& options, int step, int firstStep) const
{
    return m_cancel.isPauseRequested() || (options.pauseAfterStep > 0 && step == options.pauseAfterStep && step != firstStep);
}

// Continues a paused run: its latents and states replace what prepareDenoising made (the same
// request, so the start-image conditioning is the same); returns the first step to run.
int GenerationRunner::resumeFrom(const RunOptions& options, NoiseSource& noise, GenerationResult& result)
{
    if (!options.resume)
        return 0;
    const LatentsCheckpoint& paused = *options.resume;
    if (paused.stepCount != m_pipeline.stepCount())
        throw InvalidRequestError("steps", "the paused run has " + std::to_string(paused.stepCount) +
                                               " steps but this request schedules " + std::to_string(m_pipeline.stepCount()));
    m_pipeline.restoreDenoising(paused.latents, paused.schedulerState);
    noise.restoreState(paused.noiseState);
    result.stepsCompleted = paused.stepsCompleted;
    return paused.stepsCompleted;
}

void GenerationRunner::denoiseSteps(const RunOptions& options, NoiseSource& noise, GenerationResult& result,
                                    bool& isComplete)
{
    auto start = std::chrono::steady_clock::now();
    const int count = m_pipeline.stepCount();
    const int first = resumeFrom(options, noise, result);
    std::optional<MemoryPressureCheck> pressure; // other programs taking GPU memory mid-run
    if (m_placement)
        pressure.emplace(result.request, *m_placement, *m_memory, m_sink);
    for (int i = first; i < count; ++i) {
        if (m_cancel.isStopRequested())
            throw CancelledError("denoise (step " + std::to_string(i + 1) + " of " + std::to_string(count) + ")");
        if (isPauseDue(options, i, first)) {
            m_checkpoints.pause(result.request, noise, result.stepsCompleted, false);
            isComplete = false;
            return;
        }
        if (m_cancel.isFinishStageRequested()) {
            isComplete = false;
            return;
        }
        if (pressure)
            pressure->beforeStep(i + 1);
        auto stepStart = std::chrono::steady_clock::now();
        if (m_stepCache)
            m_stepCache->beginStep(i, count);
        m_memory->run(Stage::Denoising, i + 1, [&] { m_pipeline.denoiseStep(i, noise); });
        const auto growth = m_memory->afterStep(i + 1);
        stepFinished(i, secondsSince(stepStart), secondsSince(start) / (i + 1 - first), result);
        if (options.isPreviewWanted)
            m_sink.onPreview(LatentPreview::render(m_pipeline.latents(), i + 1));
        if (growth == GenerationMemory::GrowthAction::Pause && i + 1 < count) {
            m_checkpoints.pause(result.request, noise, result.stepsCompleted, true);
            isComplete = false;
            return;
        }
    }
}

// A new cache per run: residuals of another request must never be reused. A resumed run starts
// with an empty cache (its first step computes every block).
void GenerationRunner::useStepCache(const GenerationRequest& request, const RunOptions& options)
{
    const StepCachePolicy policy = StepCachePolicy::forSetting(request.stepCache);
    m_ownStepCache = policy.isOff() || options.stepCache ? nullptr : std::make_unique<StepCache>(policy);
    m_stepCache = options.stepCache ? options.stepCache : m_ownStepCache.get();
    m_pipeline.setStepCache(m_stepCache);
}

// The clip differs from an uncached one: its sidecar and the sink say how often the cache stood in.
void GenerationRunner::reportStepCache(GenerationResult& result)
{
    if (!m_stepCache)
        return;
    const std::string summary = "step cache '" + result.request.stepCache + "': " + m_stepCache->summary();
    m_stepCache = nullptr;
    result.warnings.push_back(summary);
    m_sink.onWarning({WarningKind::General, summary});
}

// Returns false when the user asked to finish the stage early (the latents so far are kept).
bool GenerationRunner::denoise(const GenerationRequest& request, const RunOptions& options, NoiseSource& noise,
                               GenerationResult& result)
{
    auto start = std::chrono::steady_clock::now();
    m_stage = Stage::Denoising;
    m_memory->beginStage(Stage::Denoising);
    bool isComplete = true;
    // An expert taking over mid-stage is reported as the stage starting again (the graph marks it).
    DenoiserSwapWatch swaps(m_placement, m_sink, result.stepsCompleted,
                            [this] { return m_pipeline.stepCount(); });
    try {
        m_memory->run(Stage::Denoising, 0, [&] {
            const at::Tensor image = options.startImage.defined() ? options.startImage : loadStartImage(request);
            m_pipeline.prepareDenoising(request, image, options.initialLatents, noise);
        });
        useStepCache(request, options);
        beginStage(Stage::Denoising, std::to_string(m_pipeline.stepCount()) + " steps");
        denoiseSteps(options, noise, result, isComplete);
    } catch (...) {
        // The stage ends however it ends: a warm engine's pipeline must be ready for the next run.
        m_pipeline.setStepCache(nullptr);
        m_stepCache = nullptr;
        m_pipeline.releaseDenoiser();
        throw;
    }
    m_pipeline.setStepCache(nullptr);
    m_pipeline.releaseDenoiser();
    reportStepCache(result);
    m_memory->endStage(Stage::Denoising);
    addTiming(result, Stage::Denoising, secondsSince(start));
    return isComplete;
}

GenerationResult GenerationRunner::run(const GenerationRequest& request, const RunOptions& options)
{
    GenerationResult result;
    result.request = request;
    result.clip.fps = request.fps;
    std::unique_ptr<NoiseSource> ownNoise;
    NoiseSource* noise = options.noise;
    if (!noise) {
        ownNoise = std::make_unique<GeneratorNoise>(request.seed);
        noise = ownNoise.get();
    }
    useMemory(options.memory, options.placement);
    // Before any work: a checkpoint folder that cannot take the file must not cost the denoise.
    m_checkpoints.begin(options.checkpointPath, request);
    encodeText(request, options, result);
    if (m_cancel.isStopRequested())
        throw CancelledError("text encoding");
    try {
        result.isPartial = !denoise(request, options, *noise, result);
    } catch (OutOfMemoryError& e) {
        m_checkpoints.keepUnfinished(request, result, e);
        if (e.latentsCheckpointPath().empty())
            throw;
        OutOfMemoryError kept(e.stage(), detailOf(e) + "; the latents after step " +
                                             std::to_string(result.stepsCompleted) + " are saved in " +
                                             e.latentsCheckpointPath());
        kept.setLatentsCheckpointPath(e.latentsCheckpointPath());
        throw kept;
    } catch (CancelledError& e) {
        m_checkpoints.keepUnfinished(request, result, e);
        throw;
    }

    if (m_checkpoints.paused())
        return finishPaused(std::move(result));
    LatentsCheckpoint checkpoint{m_pipeline.latents(), request, m_pipeline.family(), result.stepsCompleted,
                                 m_pipeline.stepCount(), result.isPartial};
    result.latentsCheckpointPath = m_checkpoints.write(checkpoint);
    if (options.isDecodeWanted)
        decodeInto(result, checkpoint.latents, options.decode);
    result.recoveries = m_memory->recoveries();
    return result;
}

// Written like any checkpoint (RunCheckpoints::write): the target chosen before denoising, a fallback on a full disk.
GenerationResult GenerationRunner::finishPaused(GenerationResult result)
{
    result.latentsCheckpointPath = m_checkpoints.write(*m_checkpoints.paused());
    if (m_checkpoints.isPausedForGrowth())
        m_sink.onWarning({WarningKind::MemoryGrowth,
                          m_memory->growthFinding() + ", even with the cache released after every step: the run is "
                              "paused after step " + std::to_string(result.stepsCompleted) + " and saved in " +
                              result.latentsCheckpointPath + ". Resume it in a new process (History > Resume, or "
                              "framesmith-cli resume FILE), where memory starts from zero",
                          kGrowthPauseMarker});
    result.isPartial = result.isPaused = true;
    result.recoveries = m_memory->recoveries();
    return result;
}

void GenerationRunner::useMemory(GenerationMemory* memory, RuntimePlacement* placement)
{
    if (!memory) {
        m_ownMemory = std::make_unique<GenerationMemory>(MemoryPreset{}, m_sink, "cpu");
        memory = m_ownMemory.get();
    }
    m_memory = memory;
    m_placement = placement;
    // What this runner can change between attempts: the decode tiles always; where weights live
    // only when the pipeline follows a RuntimePlacement it can re-plan.
    std::vector<std::string> levers = {"vae-tiling", "smaller-vae-tiles"};
    if (m_placement)
        levers.insert(levers.end(), {"text-encoder-on-cpu", "block-streaming"});
    m_memory->setRuntimeLevers(levers);
    m_memory->setPresetChangedHandler([this](const MemoryPreset& preset, Stage) { applyPreset(preset); });
}

// The failed attempt has unwound; the retry finds its components where the new preset wants them
// (a denoising retry re-runs the failed step from the latents before it).
void GenerationRunner::applyPreset(const MemoryPreset& preset)
{
    if (m_liveDecode) {
        m_liveDecode->tiling = preset.vaeTiling;
        m_liveDecode->tileHeight = preset.vaeTileHeight;
        m_liveDecode->tileWidth = preset.vaeTileWidth;
    }
    if (m_placement)
        m_placement->replan(preset);
}

void GenerationRunner::decodeInto(GenerationResult& result, const at::Tensor& latents, const DecodeSettings& settings)
{
    beginStage(Stage::VaeDecoding,
               std::to_string(latents.size(1)) + " latent frames" + (settings.tiling ? ", tiled" : ""));
    auto start = std::chrono::steady_clock::now();
    auto progress = [this](int done, int total) { m_sink.onStageProgress({Stage::VaeDecoding, done, total}); };
    const std::string keep = result.latentsCheckpointPath.empty()
                                 ? std::string()
                                 : "; the denoised latents are saved in " + result.latentsCheckpointPath +
                                       " (decode them again with `framesmith-cli decode`)";
    if (!m_memory) // decodeInto called on its own (Engine::decode)
        useMemory(nullptr, nullptr);
    // The OOM ladder may switch tiling on or shrink the tiles between attempts (applyPreset).
    DecodeSettings current = settings;
    m_liveDecode = &current;
    struct Forget {
        DecodeSettings*& live;
        ~Forget() { live = nullptr; }
    } forget{m_liveDecode};
    m_memory->beginStage(Stage::VaeDecoding);
    try {
        m_frames = m_memory->run(Stage::VaeDecoding, 0, [&] {
            return m_pipeline.decode(latents, result.request, current, progress);
        });
    } catch (...) {
        m_pipeline.releaseDecoder();
        try {
            OutOfMemoryClassifier::rethrowForStage(Stage::VaeDecoding);
        } catch (const CancelledError&) {
            CancelledError e("vae-decode" + keep);
            e.setLatentsCheckpointPath(result.latentsCheckpointPath);
            throw e;
        } catch (const OutOfMemoryError& e) {
            OutOfMemoryError labelled(stageName(Stage::VaeDecoding), detailOf(e) + keep);
            labelled.setLatentsCheckpointPath(result.latentsCheckpointPath);
            throw labelled;
        } catch (Error& e) {
            if (e.code() != ErrorCode::Internal || keep.empty()) {
                e.setLatentsCheckpointPath(result.latentsCheckpointPath);
                throw;
            }
            Error named(ErrorCode::Internal, e.what() + keep);
            named.setLatentsCheckpointPath(result.latentsCheckpointPath);
            throw named;
        }
    }
    m_pipeline.releaseDecoder();
    m_memory->endStage(Stage::VaeDecoding);
    result.recoveries = m_memory->recoveries();
    result.clip.frameCount = static_cast<int>(m_frames.size(0));
    result.clip.height = static_cast<int>(m_frames.size(2));
    result.clip.width = static_cast<int>(m_frames.size(3));
    result.clip.fps = result.request.fps;
    rgbBytesFromTensor(m_frames, result.clip.rgb);
    addTiming(result, Stage::VaeDecoding, secondsSince(start));
}

} // namespace framesmith
