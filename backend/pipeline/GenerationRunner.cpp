#include "pipeline/GenerationRunner.h"

#include "framesmith/Error.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/placement/RuntimePlacement.h"
#include "pipeline/ImageFile.h"
#include "pipeline/LatentPreview.h"
#include "pipeline/LatentsCheckpoint.h"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>

#include <chrono>
#include <cstring>

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

bool isOutOfMemory(const c10::Error& e)
{
    return std::strstr(e.what(), "out of memory") != nullptr || std::strstr(e.what(), "OutOfMemory") != nullptr;
}

} // namespace

GenerationRunner::GenerationRunner(VideoPipeline& pipeline, ProgressSink& sink, const CancelToken& cancel)
    : m_pipeline(pipeline), m_sink(sink), m_cancel(cancel)
{
}

GenerationRunner::~GenerationRunner() = default;

void GenerationRunner::addTiming(GenerationResult& result, Stage stage, double seconds)
{
    result.timings.push_back({stageName(stage), seconds, m_memory ? m_memory->stagePeakBytes(stage) : 0});
}

void GenerationRunner::encodeText(const GenerationRequest& request, GenerationResult& result)
{
    m_sink.onStageStarted({Stage::TextEncoding, "T5 prompt and negative prompt"});
    auto start = std::chrono::steady_clock::now();
    m_memory->beginStage(Stage::TextEncoding);
    const EncodedPrompts& prompts =
        *m_memory->run(Stage::TextEncoding, 0, [&] { return &m_pipeline.encodeText(request); });
    m_memory->endStage(Stage::TextEncoding);
    if (prompts.truncatedTokens > 0)
        m_sink.onWarning({WarningKind::Truncation, "the prompt is too long: its last " +
                                                       std::to_string(prompts.truncatedTokens) +
                                                       " tokens were cut off (226-token limit)"});
    addTiming(result, Stage::TextEncoding, secondsSince(start));
}

void GenerationRunner::stepFinished(int index, double seconds, double elapsed, GenerationResult& result)
{
    const int count = m_pipeline.stepCount();
    StepFinished event;
    event.step = index + 1;
    event.stepCount = count;
    event.timestep = static_cast<int>(m_pipeline.timestep(index));
    event.seconds = seconds;
    event.etaSeconds = elapsed / (index + 1) * (count - index - 1);
    m_sink.onStepFinished(event);
    result.stepsCompleted = index + 1;
}

// Returns false when the user asked to finish the stage early (the latents so far are kept).
bool GenerationRunner::denoise(const GenerationRequest& request, const RunOptions& options, NoiseSource& noise,
                               GenerationResult& result)
{
    auto start = std::chrono::steady_clock::now();
    m_memory->beginStage(Stage::Denoising);
    m_memory->run(Stage::Denoising, 0, [&] {
        m_pipeline.prepareDenoising(request, loadStartImage(request), options.initialLatents, noise);
    });
    const int count = m_pipeline.stepCount();
    m_sink.onStageStarted({Stage::Denoising, std::to_string(count) + " steps"});
    bool isComplete = true;
    for (int i = 0; i < count; ++i) {
        if (m_cancel.isStopRequested())
            throw CancelledError("denoise (step " + std::to_string(i + 1) + " of " + std::to_string(count) + ")");
        if (m_cancel.isFinishStageRequested()) {
            isComplete = false;
            break;
        }
        auto stepStart = std::chrono::steady_clock::now();
        m_memory->run(Stage::Denoising, i + 1, [&] { m_pipeline.denoiseStep(i, noise); });
        m_memory->afterStep(i + 1);
        stepFinished(i, secondsSince(stepStart), secondsSince(start), result);
        if (options.isPreviewWanted)
            m_sink.onPreview(LatentPreview::render(m_pipeline.latents(), i + 1));
    }
    m_pipeline.releaseDenoiser();
    m_memory->endStage(Stage::Denoising);
    addTiming(result, Stage::Denoising, secondsSince(start));
    return isComplete;
}

GenerationResult GenerationRunner::run(const GenerationRequest& request, const RunOptions& options)
{
    GenerationResult result;
    result.request = request;
    result.fps = request.fps;
    std::unique_ptr<NoiseSource> ownNoise;
    NoiseSource* noise = options.noise;
    if (!noise) {
        ownNoise = std::make_unique<GeneratorNoise>(request.seed);
        noise = ownNoise.get();
    }
    useMemory(options.memory, options.placement);
    encodeText(request, result);
    if (m_cancel.isStopRequested())
        throw CancelledError("text encoding");
    try {
        result.isPartial = !denoise(request, options, *noise, result);
    } catch (const OutOfMemoryError& e) {
        saveUnfinishedLatents(request, options, result);
        throw OutOfMemoryError(e.stage(), std::string(e.what()).substr(e.stage().size() + 2) + "; the latents after step " +
                                              std::to_string(result.stepsCompleted) + " are saved in " +
                                              result.latentsCheckpointPath);
    }

    LatentsCheckpoint checkpoint{m_pipeline.latents(), request, m_pipeline.family(), result.stepsCompleted,
                                 m_pipeline.stepCount(), result.isPartial};
    result.latentsCheckpointPath = options.checkpointPath.empty() ? LatentsCheckpoint::defaultPath(request)
                                                                  : options.checkpointPath;
    checkpoint.write(result.latentsCheckpointPath);
    if (options.isDecodeWanted)
        decodeInto(result, checkpoint.latents, options.decode);
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

// Recovery gave up while denoising: the steps done so far are kept as a partial checkpoint.
void GenerationRunner::saveUnfinishedLatents(const GenerationRequest& request, const RunOptions& options,
                                             GenerationResult& result)
{
    result.latentsCheckpointPath = options.checkpointPath.empty() ? LatentsCheckpoint::defaultPath(request)
                                                                  : options.checkpointPath;
    LatentsCheckpoint{m_pipeline.latents(), request, m_pipeline.family(), result.stepsCompleted,
                      m_pipeline.stepCount(), true}
        .write(result.latentsCheckpointPath);
}

void GenerationRunner::decodeInto(GenerationResult& result, const at::Tensor& latents, const DecodeSettings& settings)
{
    m_sink.onStageStarted({Stage::VaeDecoding, std::to_string(latents.size(1)) + " latent frames" +
                                                   (settings.tiling ? ", tiled" : "")});
    auto start = std::chrono::steady_clock::now();
    auto progress = [this](int done, int total) { m_sink.onStageProgress({Stage::VaeDecoding, done, total}); };
    const std::string keep = result.latentsCheckpointPath.empty()
                                 ? std::string()
                                 : "; the denoised latents are saved in " + result.latentsCheckpointPath +
                                       " (decode them again with `framesmith-cli decode`)";
    if (!m_memory) // decodeInto called on its own (framesmith-cli decode)
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
    } catch (const CancelledError&) {
        throw CancelledError("vae-decode" + keep);
    } catch (const OutOfMemoryError& e) {
        m_pipeline.releaseDecoder();
        throw OutOfMemoryError("vae-decode", std::string(e.what()).substr(e.stage().size() + 2) + keep);
    } catch (const c10::Error& e) {
        m_pipeline.releaseDecoder();
        if (isOutOfMemory(e))
            throw OutOfMemoryError("vae-decode", std::string("the VAE ran out of memory") + keep +
                                                     ", with tiling/slicing or smaller tiles");
        throw Error(ErrorCode::Internal, std::string("vae-decode failed: ") + e.what_without_backtrace() + keep);
    }
    m_pipeline.releaseDecoder();
    m_memory->endStage(Stage::VaeDecoding);
    result.recoveries = m_memory->recoveries();
    at::Tensor rgb = (m_frames * 255.0).round().clamp(0, 255).to(at::kByte).permute({0, 2, 3, 1}).contiguous();
    result.frameCount = static_cast<int>(rgb.size(0));
    result.height = static_cast<int>(rgb.size(1));
    result.width = static_cast<int>(rgb.size(2));
    result.rgb.resize(rgb.numel());
    std::memcpy(result.rgb.data(), rgb.data_ptr<std::uint8_t>(), result.rgb.size());
    addTiming(result, Stage::VaeDecoding, secondsSince(start));
}

} // namespace framesmith
