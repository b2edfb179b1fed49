#include "models/opensora/pipeline/OpenSoraPipeline.h"

#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraConditioning.h"
#include "models/opensora/conditioning/OpenSoraReferenceFrames.h"
#include "models/opensora/text/OpenSoraPromptSyntax.h"
#include "models/lora/LoraLibrary.h"
#include "models/opensora/OpenSoraLoraKeyMapping.h"
#include "models/opensora/OpenSoraModelLayout.h"
#include "models/opensora/OpenSoraSpec.h"
#include "models/opensora/vae/OpenSoraVae.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <cmath>

namespace framesmith {

OpenSoraPipeline::OpenSoraPipeline(std::string modelDir, PipelineResources resources)
    : OpenSoraPipeline(OpenSoraModelLayout::locate(modelDir), modelDir, resources)
{
}

OpenSoraPipeline::OpenSoraPipeline(const OpenSoraModelLayout& layout, const std::string& modelDir,
                                   PipelineResources resources)
    : m_modelDir(modelDir),
      m_resources(resources),
      m_transformerDir(layout.transformer),
      m_vaeDir(layout.vae),
      m_spatialVaeDir(layout.spatialVae),
      m_textEncoderDir(layout.textEncoder),
      m_transformerConfig(STDiT3Config::fromFile(m_transformerDir + "/config.json")),
      m_vaeConfig(OpenSoraVaeConfig::fromFiles(m_vaeDir + "/config.json", m_spatialVaeDir + "/config.json"))
{
}

OpenSoraPipeline::~OpenSoraPipeline() = default;

ParameterSpec OpenSoraPipeline::parameterSpec() const
{
    return OpenSoraSpec::forModel(m_transformerConfig, m_vaeConfig);
}

OpenSoraRflowSettings OpenSoraPipeline::settingsFor(const GenerationRequest& request) const
{
    OpenSoraRflowSettings s;
    s.steps = request.steps;
    s.cfgScale = request.guidanceScale;
    s.useTimestepTransform = true; // sample.py
    return s;
}

OpenSoraModelKwargs OpenSoraPipeline::kwargsFor(const GenerationRequest& request) const
{
    // In the model's dtype, as prepare_multi_resolution_info makes them (bf16 rounds 426 to 424).
    return OpenSoraModelKwargs::make(1, request.height, request.width, request.frameCount, request.fps,
                                     m_resources.dtype);
}

void OpenSoraPipeline::checkRequest(const GenerationRequest& request) const
{
    if (!request.negativePrompt.empty())
        throw InvalidRequestError("negativePrompt", "Open-Sora 1.2 guides against its own learned null caption; "
                                                    "it takes no negative prompt");
    if (request.frameCount < 1 || request.frameCount > OpenSoraSpec::kMaxFrames)
        throw InvalidRequestError("frameCount", "Open-Sora 1.2 takes 1 to " + std::to_string(OpenSoraSpec::kMaxFrames) + " frames");
    const int minSize = parameterSpec().minSize;
    if (request.height < minSize || request.width < minSize)
        throw InvalidRequestError(request.height < minSize ? "height" : "width",
                                  "at least " + std::to_string(minSize) + " pixels (one latent patch)");
    if (!std::isfinite(request.guidanceScale))
        throw InvalidRequestError("guidanceScale", "must be a finite number");
    OpenSoraRflowScheduler scheduler(settingsFor(request)); // InvalidRequestError("steps")
    scheduler.start(kwargsFor(request), at::Tensor());
    OpenSoraDenoiser::checkTimesteps(scheduler, request.frameCount);
    OpenSoraPromptSyntax::loopText(request.prompt);
    OpenSoraConditioning::fromRequest(request, request.hasStartImage()); // InvalidRequestError("conditioning")
}

const EncodedPrompts& OpenSoraPipeline::encodeText(const GenerationRequest& request)
{
    checkRequest(request);
    // Unreadable references are refused before T5 is loaded; the runner reads the start image itself.
    OpenSoraConditioning::fromRequest(request, request.hasStartImage()).probeFiles();
    const std::string prepared = OpenSoraPromptSyntax::prepare(request.prompt, OpenSoraPromptSyntax::kAestheticScore,
                                                               std::nullopt, m_resources.cancel);
    // T5 stays in float32 whatever the model dtype, as Open-Sora's T5Encoder does; freed after.
    OpenSoraTextEncoder encoder(m_textEncoderDir, m_resources.textEncoderDevice, at::kFloat);
    OpenSoraTextEmbedding text = encoder.encode({prepared});
    m_prompts = EncodedPrompts{};
    m_prompts.promptIds = text.inputIds;
    m_prompts.promptEmbeds = text.y.squeeze(1);
    const auto untruncated = encoder.tokenizer().encodeUntruncated(prepared).size();
    m_prompts.truncatedTokens = std::max(0, static_cast<int>(untruncated) - OpenSoraTextEncoder::kMaxLength);
    setTextEmbedding(text.y, text.mask);
    return m_prompts;
}

void OpenSoraPipeline::setTextEmbedding(const at::Tensor& y, const at::Tensor& mask)
{
    m_y = y.to(at::kCPU, at::kFloat);
    m_mask = mask.to(at::kCPU);
    if (!m_prompts.promptEmbeds.defined())
        m_prompts.promptEmbeds = m_y.squeeze(1);
}

std::vector<std::int64_t> OpenSoraPipeline::latentSize(const GenerationRequest& request) const
{
    return OpenSoraVae(m_vaeConfig).latentSize(request.frameCount, request.height, request.width);
}

void OpenSoraPipeline::loadTransformer(const GenerationRequest& request)
{
    ComponentPlacement* placement = m_resources.placement;
    if (!m_transformer) {
        const c10::Device device = placement ? placement->loadDevice("transformer") : m_resources.device;
        m_transformer = STDiT3::load(m_transformerDir, m_resources.dtype, device);
        m_transformer->setCancelToken(m_resources.cancel);
        m_loras = LoraApplier();
    }
    // Before attach, as the preset says (chooseLoraMode): merged, or a side path beside streamed or
    // fp8/int8 blocks; a kept transformer only trades what changed.
    static const OpenSoraLoraKeyMapping mapping;
    const LoraLibrary::Prepared loras = LoraLibrary::prepare(request.loras, mapping, m_modelDir);
    const LoraMode mode = request.resolvedPreset ? chooseLoraMode(*request.resolvedPreset) : LoraMode::Merge;
    const c10::Device compute = placement ? placement->computeDevice("transformer") : m_resources.device;
    m_loras.apply(*m_transformer, loras.loras, mode, compute, m_resources.dtype);
    if (!placement)
        return;
    // Blocks in execution order (spatial 0, temporal 0, ...); everything else rests as one module.
    // A kept transformer is attached again: its stage has come round.
    placement->attach("transformer", m_transformer->nonBlockModules(), m_transformer->blocksInOrder());
    m_transformer->setBlockCallback(placement->blockCallback());
}

bool OpenSoraPipeline::isKept(const std::string& component) const
{
    return m_resources.placement && m_resources.placement->keepsLoaded(component);
}

void OpenSoraPipeline::prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                                        const std::optional<at::Tensor>& injected, NoiseSource& noise)
{
    if (!m_y.defined())
        throw Error(ErrorCode::Internal, "opensora pipeline: encodeText must run before prepareDenoising");
    m_finalLatents = at::Tensor(); // a new run
    GenerationRequest checked = request;
    if (startImage.defined())
        checked.startImagePath = "(start image)";
    checkRequest(checked);
    const std::vector<std::int64_t> size = latentSize(request);
    const std::vector<std::int64_t> shape{1, m_transformerConfig.inChannels, size[0], size[1], size[2]};
    const c10::Device device = m_resources.placement ? m_resources.placement->computeDevice("transformer")
                                                     : m_resources.device;
    // The reference's first draw: torch.randn(B, C, T, h, w) right after its seed.
    at::Tensor initial;
    if (injected) {
        if (injected->sizes() != at::IntArrayRef(shape))
            throw ShapeError("initial latents: expected " + std::string(c10::str(at::IntArrayRef(shape))) + ", got " +
                             std::string(c10::str(injected->sizes())));
        initial = injected->to(device, at::kFloat);
    } else {
        initial = noise.draw(shape, at::empty({0}, at::TensorOptions().device(device)), "initial latents");
    }
    // apply_mask_strategy right after the draw: the references' latent frames over the noise.
    const at::Tensor frameMask = condition(checked, startImage, initial);
    loadTransformer(request);
    m_guidanceScale = request.guidanceScale;
    m_denoiser = std::make_unique<OpenSoraDenoiser>(m_transformer, settingsFor(request));
    m_denoiser->start(m_y.to(device), m_mask.to(device), kwargsFor(request), initial, request.frameCount, frameMask);
}

at::Tensor OpenSoraPipeline::condition(const GenerationRequest& request, const at::Tensor& startImage, at::Tensor& z)
{
    const OpenSoraConditioning conditioning = OpenSoraConditioning::fromRequest(request, startImage.defined());
    if (conditioning.empty())
        return at::Tensor(); // text-to-video: the frame mask is all ones
    std::vector<at::Tensor> pixels; // [3, F, H, W] each, read before the VAE takes memory
    for (const std::string& path : conditioning.referencePaths())
        pixels.push_back(path.empty() ? OpenSoraReferenceFrames::fromImage(startImage, request.height, request.width)
                                      : OpenSoraReferenceFrames::read(path, request.height, request.width));
    loadVae();
    const c10::Device device = m_resources.placement ? m_resources.placement->computeDevice("vae") : m_resources.device;
    at::Generator posterior = at::make_generator<at::CPUGeneratorImpl>(request.seed); // see OpenSoraConditioning.h
    OpenSoraVaeRun run;
    run.cancel = m_resources.cancel;
    std::vector<at::Tensor> latents;
    for (const at::Tensor& video : pixels) // vae.encode(r.unsqueeze(0).to(device, dtype)).squeeze(0)
        latents.push_back(m_vae->encode(video.unsqueeze(0).to(device, m_resources.dtype), posterior, run)
                              .squeeze(0)
                              .to(z.device(), at::kFloat));
    releaseDecoder(); // loaded again for decoding: kept out of the denoising peak
    z = z.clone();    // injected latents may be the caller's own tensor: written over, never changed
    return conditioning.apply(z, latents);
}

int OpenSoraPipeline::stepCount() const
{
    return m_denoiser ? m_denoiser->stepCount() : 0;
}

double OpenSoraPipeline::timestep(int index) const
{
    return m_denoiser->timestep(index);
}

void OpenSoraPipeline::denoiseStep(int index, NoiseSource& noise)
{
    m_denoiser->setStepCache(m_stepCache);
    const OpenSoraStepRecord r = m_denoiser->step(index, noise);
    if (m_openSoraObserver)
        m_openSoraObserver(r);
    if (!m_stepObserver)
        return;
    DenoiseStepRecord record; // Open-Sora layouts: [2B, C, T, h, w] inputs and outputs
    record.index = index;
    record.timestep = timestep(index);
    record.guidanceScale = m_guidanceScale;
    record.modelInput = r.x;
    record.timesteps = r.timestep;
    record.modelOutput = r.modelOutput;
    record.latents = latents();
    record.tensors = {{"x_mask", r.xMask}, {"mask_noise", r.maskNoise}}; // the fixtures' stepK.* taps
    m_stepObserver(record);
}

at::Tensor OpenSoraPipeline::latents() const
{
    return m_denoiser ? m_denoiser->latents().permute({0, 2, 1, 3, 4}) : m_finalLatents;
}

StepState OpenSoraPipeline::denoiseState() const
{
    if (!m_denoiser)
        throw Error(ErrorCode::Internal, "opensora pipeline: denoiseState before prepareDenoising");
    return m_denoiser->state();
}

void OpenSoraPipeline::restoreDenoising(const at::Tensor& latents, const StepState& state)
{
    if (!m_denoiser)
        throw Error(ErrorCode::Internal, "opensora pipeline: restoreDenoising before prepareDenoising");
    if (latents.dim() != 5)
        throw ShapeError("paused latents: expected [1, T, C, h, w], got " + std::string(c10::str(latents.sizes())));
    m_denoiser->restore(latents.permute({0, 2, 1, 3, 4}), state);
}

void OpenSoraPipeline::releaseDenoiser()
{
    if (m_denoiser)
        m_finalLatents = latents(); // the runner checkpoints and decodes them after the release
    if (m_transformer && m_resources.placement)
        m_resources.placement->detach("transformer");
    m_denoiser.reset();
    if (!isKept("transformer"))
        m_transformer.reset();
}

void OpenSoraPipeline::loadVae()
{
    ComponentPlacement* placement = m_resources.placement;
    if (!m_vae)
        m_vae = std::make_shared<OpenSoraVae>(m_vaeDir, m_spatialVaeDir,
                                              placement ? placement->loadDevice("vae") : m_resources.device,
                                              m_resources.dtype);
    if (placement)
        placement->attach("vae", *m_vae); // a kept VAE too: its stage has come round
}

void OpenSoraPipeline::releaseDecoder()
{
    if (m_vae && m_resources.placement)
        m_resources.placement->detach("vae");
    if (!isKept("vae"))
        m_vae.reset();
}

at::Tensor OpenSoraPipeline::decode(const at::Tensor& latents, const GenerationRequest& request,
                                   const DecodeSettings& settings, const ChunkProgress& progress)
{
    const std::vector<std::int64_t> size = latentSize(request);
    const std::vector<std::int64_t> expected{1, size[0], m_transformerConfig.inChannels, size[1], size[2]};
    if (latents.sizes() != at::IntArrayRef(expected))
        throw ShapeError("latents: expected " + std::string(c10::str(at::IntArrayRef(expected))) + " for " +
                         std::to_string(request.frameCount) + " frames of " + std::to_string(request.width) + " x " +
                         std::to_string(request.height) + ", got " + std::string(c10::str(latents.sizes())));
    loadVae();
    OpenSoraVaeRun run;
    run.cancel = m_resources.cancel;
    run.progress = progress;
    if (settings.slicing)
        run.microBatchSize = 1; // the 2-D VAE decodes frame by frame: same values, less memory
    const c10::Device device = m_resources.placement ? m_resources.placement->computeDevice("vae") : m_resources.device;
    // samples.to(dtype) then vae.decode(samples, num_frames): [1, 3, F, H, W] in about [-1, 1].
    at::Tensor z = latents.permute({0, 2, 1, 3, 4}).to(device, m_resources.dtype);
    at::Tensor video = m_vae->decode(z, request.frameCount, run);
    // save_sample: clamp to [-1, 1], then (x + 1) / 2; in place (each copy is a whole float video).
    video = video.to(at::kFloat);
    video.clamp_(-1.0, 1.0).add_(1.0).div_(2.0);
    return video[0].permute({1, 0, 2, 3}).contiguous().to(at::kCPU); // [F, 3, H, W]
}

} // namespace framesmith
