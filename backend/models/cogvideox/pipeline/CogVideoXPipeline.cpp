#include "models/cogvideox/pipeline/CogVideoXPipeline.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"
#include "models/cogvideox/sampling/CogVideoXGuidedForward.h"
#include "models/cogvideox/conditioning/CogVideoXImageConditioning.h"
#include "models/cogvideox/transformer/CogVideoXLoraKeyMapping.h"
#include "models/cogvideox/text/CogVideoXPipelinePrompts.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/cogvideox/vae/CogVideoXVae.h"
#include "models/cogvideox/sampling/CogVideoXSchedulers.h"
#include "models/cogvideox/CogVideoXSpec.h"
#include "models/lora/LoraLibrary.h"

#include <ATen/ATen.h>

#include <cmath>
#include <sstream>

namespace framesmith {

CogVideoXPipeline::CogVideoXPipeline(std::string modelDir, PipelineResources resources)
    : m_modelDir(std::move(modelDir)),
      m_resources(resources),
      m_isImageToVideo(DiffusersModelFolder(m_modelDir).pipelineClass() == "CogVideoXImageToVideoPipeline"),
      m_transformerConfig(CogVideoXTransformerConfig::fromFile(m_modelDir + "/transformer/config.json")),
      m_vaeConfig(CogVideoXVaeConfig::fromFile(m_modelDir + "/vae/config.json"))
{
}

CogVideoXPipeline::~CogVideoXPipeline() = default;

ParameterSpec CogVideoXPipeline::parameterSpec() const
{
    return CogVideoXSpec::forModel(m_transformerConfig, m_vaeConfig, m_isImageToVideo);
}

PromptTokenCount CogVideoXPipeline::countPromptTokens(const std::string& text) const
{
    return CogVideoXPipelinePrompts::countTokens(m_modelDir, text);
}

bool CogVideoXPipeline::isKept(const char* component) const
{
    return m_resources.placement && m_resources.placement->keepsLoaded(component);
}

const EncodedPrompts& CogVideoXPipeline::encodeText(const GenerationRequest& request)
{
    // diffusers: do_classifier_free_guidance = guidance_scale > 1.
    const bool withGuidance = request.guidanceScale > 1.0;
    // Freed however this ends unless kept: a retry after running out of memory reads it again.
    struct Release {
        CogVideoXPipeline& pipeline;
        ~Release()
        {
            if (!pipeline.isKept("text_encoder"))
                pipeline.m_textEncoder.reset();
        }
    } release{*this};
    m_prompts = CogVideoXPipelinePrompts::encode(m_modelDir, request.prompt, request.negativePrompt, withGuidance,
                                                 m_resources, m_textEncoder);
    usePrompts(withGuidance);
    return m_prompts;
}

bool CogVideoXPipeline::reuseEncodedPrompts(const GenerationRequest& request, const EncodedPrompts& prompts)
{
    const bool withGuidance = request.guidanceScale > 1.0;
    if (!prompts.promptEmbeds.defined() || (withGuidance && !prompts.negativePromptEmbeds.defined()))
        return false;
    m_prompts = prompts;
    m_prompts.promptEmbeds = prompts.promptEmbeds.to(m_resources.device, m_resources.dtype);
    if (withGuidance)
        m_prompts.negativePromptEmbeds = prompts.negativePromptEmbeds.to(m_resources.device, m_resources.dtype);
    else
        m_prompts.negativePromptIds = m_prompts.negativePromptEmbeds = at::Tensor();
    usePrompts(withGuidance);
    return true;
}

void CogVideoXPipeline::usePrompts(bool withGuidance)
{
    // CFG batch order [negative, positive] as torch.cat([negative_prompt_embeds, prompt_embeds]).
    m_promptBatch = withGuidance ? at::cat({m_prompts.negativePromptEmbeds, m_prompts.promptEmbeds}, 0)
                                 : m_prompts.promptEmbeds;
}

PipelineResources CogVideoXPipeline::resourcesFor(const char* component) const
{
    PipelineResources r = m_resources;
    if (r.placement)
        r.device = r.placement->computeDevice(component);
    return r;
}

// Loads the transformer, or takes a kept one up again: either way its weights go where the plan says.
void CogVideoXPipeline::loadTransformer(const GenerationRequest& request)
{
    ComponentPlacement* placement = m_resources.placement;
    if (!m_transformer) {
        const c10::Device device = placement ? placement->loadDevice("transformer") : m_resources.device;
        m_transformer = CogVideoXTransformer3D::load(m_modelDir + "/transformer", m_resources.dtype, device);
        m_transformer->setCancelToken(m_resources.cancel);
        m_loras = LoraApplier();
    }
    applyLoras(request); // before attach: a kept model's weights rest where they were loaded
    if (!placement)
        return;
    std::vector<Module*> blocks;
    for (std::size_t i = 0; i < m_transformer->transformerBlocks().size(); ++i)
        blocks.push_back(&m_transformer->transformerBlocks()[i]);
    placement->attach("transformer", *m_transformer, blocks, {"transformer_blocks."});
    m_transformer->setBlockCallback(placement->blockCallback());
}

// Merged into resident weights, or a side path beside streamed or fp8/int8 ones, as the preset
// says (chooseLoraMode); a kept transformer only trades the LoRAs or strengths that changed.
void CogVideoXPipeline::applyLoras(const GenerationRequest& request)
{
    static const CogVideoXLoraKeyMapping mapping;
    const LoraLibrary::Prepared loras = LoraLibrary::prepare(request.loras, mapping, m_modelDir);
    const LoraMode mode = request.resolvedPreset ? chooseLoraMode(*request.resolvedPreset) : LoraMode::Merge;
    m_loras.apply(*m_transformer, loras.loras, mode, resourcesFor("transformer").device, m_resources.dtype);
    m_loraSet = loras.loras;
    m_loraMode = mode;
}

void CogVideoXPipeline::loadVae()
{
    ComponentPlacement* placement = m_resources.placement;
    if (!m_vae)
        m_vae = CogVideoXVae::load(m_modelDir + "/vae", m_resources.dtype,
                                   placement ? placement->loadDevice("vae") : m_resources.device);
    if (placement)
        placement->attach("vae", *m_vae);
}

void CogVideoXPipeline::releaseDecoder()
{
    if (m_vae && m_resources.placement)
        m_resources.placement->detach("vae");
    if (!isKept("vae"))
        m_vae.reset();
}

at::Tensor CogVideoXPipeline::initialLatents(const std::optional<at::Tensor>& injected, NoiseSource& noise) const
{
    const std::vector<std::int64_t> shape = {1, m_geometry.paddedLatentFrames, m_geometry.latentChannels,
                                             m_geometry.latentHeight, m_geometry.latentWidth};
    at::Tensor like = at::empty({0}, at::TensorOptions().dtype(m_resources.dtype).device(m_resources.device));
    if (!injected)
        return noise.draw(shape, like, "initial latents") * m_scheduler->initNoiseSigma();
    if (injected->sizes() != at::IntArrayRef(shape)) {
        std::ostringstream msg;
        msg << "expected " << at::IntArrayRef(shape) << " for this request, got " << injected->sizes();
        throw ShapeError("initial latents: " + msg.str());
    }
    return injected->to(m_resources.device, m_resources.dtype) * m_scheduler->initNoiseSigma();
}

void CogVideoXPipeline::prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                                         const std::optional<at::Tensor>& injected, NoiseSource& noise)
{
    if (!m_promptBatch.defined())
        throw Error(ErrorCode::Internal, "cogvideox pipeline: encodeText must run before prepareDenoising");
    if (m_isImageToVideo != startImage.defined())
        throw InvalidRequestError("startImage", m_isImageToVideo ? "this model needs a start image"
                                                                 : "this model is text-to-video only");
    m_guidanceScale = request.guidanceScale;
    m_useDynamicGuidance = knobSwitch(request.knobs, CogVideoXSpec::kDynamicGuidance).value_or(false);
    m_geometry = CogVideoXPipelineGeometry::compute(request, m_transformerConfig, m_vaeConfig, m_isImageToVideo);
    m_scheduler = CogVideoXSchedulers::createForModel(m_modelDir, request.scheduler);
    m_scheduler->setTimesteps(request.steps);
    if (m_isImageToVideo) {
        // Reference order: the image posterior draw comes before the initial latents.
        loadVae();
        auto image = CogVideoXImageConditioning::encode(*m_vae, startImage, m_geometry, m_transformerConfig.patchSizeT,
                                                        resourcesFor("vae"), noise);
        m_imageLatents = image.latents.to(m_resources.device);
        m_preprocessedImage = image.preprocessed;
        releaseDecoder(); // reloaded for decoding: keeps it out of the denoising memory peak
    }
    m_latents = initialLatents(injected, noise);
    loadTransformer(request);
    if (!m_guidance) // kept with a kept transformer: its guidance replica stays loaded too
        m_guidance = std::make_unique<CogVideoXGuidedForward>(m_modelDir, m_resources);
    m_guidance->setLoras(m_loraSet, m_loraMode); // its guidance replica (cfg-parallel) takes them too
    auto rope = m_transformer->rotaryEmbedding(request.height, request.width, m_geometry.paddedLatentFrames);
    m_rope = rope ? std::make_unique<RotaryEmbedding>(*rope) : nullptr;
    m_ofs.reset();
    if (m_transformerConfig.ofsEmbedDim) // CogVideoX 1.5 I2V: latents.new_full((1,), 2.0)
        m_ofs = at::full({1}, 2.0, m_latents.options());
}

int CogVideoXPipeline::stepCount() const
{
    return m_scheduler ? m_scheduler->stepCount() : 0;
}

double CogVideoXPipeline::timestep(int index) const
{
    return m_scheduler->timestep(index);
}

double CogVideoXPipeline::guidanceAt(std::int64_t t) const
{
    if (!m_useDynamicGuidance)
        return m_guidanceScale;
    // diffusers use_dynamic_cfg: uses the timestep value (not the step index), in Python floats.
    const double n = stepCount();
    const double phase = std::pow((n - static_cast<double>(t)) / n, 5.0);
    return 1 + m_guidanceScale * ((1 - std::cos(M_PI * phase)) / 2);
}

at::Tensor CogVideoXPipeline::modelInput() const
{
    const bool withGuidance = m_promptBatch.size(0) == 2;
    at::Tensor input = withGuidance ? at::cat({m_latents, m_latents}, 0) : m_latents; // [B*cfg, F, C, h, w]
    if (m_imageLatents.defined()) {
        at::Tensor image = withGuidance ? at::cat({m_imageLatents, m_imageLatents}, 0) : m_imageLatents;
        input = at::cat({input, image}, 2); // channels: [noisy latents | image latents]
    }
    return input;
}

void CogVideoXPipeline::denoiseStep(int index, NoiseSource& noise)
{
    const auto t = static_cast<std::int64_t>(timestep(index)); // integer timesteps of the discrete schedules
    DenoiseStepRecord record;
    record.index = index;
    record.timestep = t;
    record.modelInput = modelInput();
    record.timesteps = at::full({record.modelInput.size(0)}, t, at::TensorOptions().dtype(at::kLong).device(m_resources.device));
    m_guidance->setStepCache(m_stepCache);
    // The reference casts the transformer output to float32 before guidance.
    record.modelOutput = m_guidance->forward(*m_transformer, record.modelInput, m_promptBatch, record.timesteps,
                                             m_rope.get(), m_ofs).to(at::kFloat);
    record.guidanceScale = guidanceAt(t);
    record.noisePred = record.modelOutput;
    if (m_promptBatch.size(0) == 2) {
        at::Tensor uncond = record.modelOutput[0].unsqueeze(0);
        at::Tensor text = record.modelOutput[1].unsqueeze(0);
        record.noisePred = uncond + (text - uncond) * record.guidanceScale;
    }
    SchedulerStep step = m_scheduler->step(index, record.noisePred, m_latents, noise);
    m_latents = step.prevSample.to(m_resources.dtype); // latents.to(prompt_embeds.dtype)
    record.latents = m_latents;
    if (m_stepObserver)
        m_stepObserver(record);
}

StepState CogVideoXPipeline::denoiseState() const
{
    if (!m_scheduler)
        throw Error(ErrorCode::Internal, "cogvideox pipeline: denoiseState before prepareDenoising");
    return m_scheduler->saveState();
}

void CogVideoXPipeline::restoreDenoising(const at::Tensor& latents, const StepState& state)
{
    if (!m_scheduler || !m_latents.defined())
        throw Error(ErrorCode::Internal, "cogvideox pipeline: restoreDenoising before prepareDenoising");
    if (latents.sizes() != m_latents.sizes())
        throw ShapeError("paused latents: expected " + std::string(c10::str(m_latents.sizes())) + " for this request, got " +
                         std::string(c10::str(latents.sizes())));
    m_scheduler->restoreState(state);
    m_latents = latents.to(m_latents.device(), m_latents.scalar_type()).contiguous();
}

void CogVideoXPipeline::releaseDenoiser()
{
    if (m_transformer && m_resources.placement)
        m_resources.placement->detach("transformer");
    m_rope.reset();
    if (isKept("transformer"))
        return;
    m_guidance.reset();
    m_transformer.reset();
}

at::Tensor CogVideoXPipeline::decode(const at::Tensor& latents, const GenerationRequest& request,
                                     const DecodeSettings& settings, const ChunkProgress& progress)
{
    auto g = CogVideoXPipelineGeometry::compute(request, m_transformerConfig, m_vaeConfig, m_isImageToVideo);
    if (latents.dim() != 5 || latents.size(1) < g.latentFrames || latents.size(2) != m_vaeConfig.latentChannels)
        throw ShapeError("latents: expected [1, >=" + std::to_string(g.latentFrames) + ", " +
                         std::to_string(m_vaeConfig.latentChannels) + ", h, w] for " +
                         std::to_string(request.frameCount) + " frames");
    loadVae();
    VaeOptions options;
    options.slicing = settings.slicing;
    options.tiling = settings.tiling;
    options.tileSampleMinHeight = settings.tileHeight;
    options.tileSampleMinWidth = settings.tileWidth;
    options.tileOverlapHeight = settings.tileOverlapHeight;
    options.tileOverlapWidth = settings.tileOverlapWidth;
    options.cancel = m_resources.cancel;
    options.progress = progress;
    // 1.5 drops the *leading* padded frames (latents[:, additional_frames:]).
    at::Tensor z = latents.slice(1, latents.size(1) - g.latentFrames).to(resourcesFor("vae").device, m_resources.dtype);
    z = z.permute({0, 2, 1, 3, 4}) * (1.0 / m_vaeConfig.scalingFactor); // [1, C, F, h, w]
    at::Tensor video = m_vae->decode(z, options);                       // [1, 3, Fv, H, W] in [-1, 1]
    // VideoProcessor.postprocess_video(output_type="pt"): x * 0.5 + 0.5, clamped.
    // In place: each copy would be a whole float video.
    video = video.to(at::kFloat);
    video.mul_(0.5).add_(0.5).clamp_(0.0, 1.0);
    return video[0].permute({1, 0, 2, 3}).contiguous().to(at::kCPU); // [Fv, 3, H, W]
}

} // namespace framesmith
