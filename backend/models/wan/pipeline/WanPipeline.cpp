#include "models/wan/pipeline/WanPipeline.h"

#include "framesmith/Error.h"
#include "models/VaeImageProcessor.h"
#include "models/wan/WanModelLayout.h"
#include "models/wan/WanSpec.h"
#include "models/wan/conditioning/WanChannelConditioning.h"
#include "models/wan/conditioning/WanLatentNormalization.h"
#include "models/wan/image/WanClipImageProcessor.h"
#include "models/wan/image/WanClipVisionModel.h"
#include "models/wan/sampling/WanSchedulers.h"
#include "models/wan/text/WanPromptCleaner.h"
#include "models/wan/text/WanTextEncoder.h"
#include "models/wan/vae/WanVae.h"
#include "models/wan/vae/WanVaeTiling.h"
#include "text/T5Encoder.h"
#include "text/TextComponentFolders.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

namespace {

std::string shapeOf(const at::Tensor& t) { return c10::str(t.sizes()); }

} // namespace

WanPipeline::WanPipeline(std::string modelDir, PipelineResources resources)
    : m_modelDir(std::move(modelDir)),
      m_resources(resources),
      m_index(WanModelIndex::read(m_modelDir)),
      m_rules(m_index, WanTransformerConfig::fromFile(m_modelDir + "/transformer/config.json"),
              WanVaeConfig::fromFile(m_modelDir + "/vae/config.json")),
      m_vaeConfig(WanVaeConfig::fromFile(m_modelDir + "/vae/config.json"))
{
}

WanPipeline::~WanPipeline() = default;

PromptTokenCount WanPipeline::countPromptTokens(const std::string& text) const
{
    const T5Tokenizer tokenizer = T5Tokenizer::fromFolder(tokenizerFolderOf(m_modelDir));
    PromptTokenCount count;
    count.count = static_cast<int>(tokenizer.encodeUntruncated(WanPromptCleaner::clean(text)).size());
    count.limit = WanTextEncoder::kMaxSequenceLength;
    return count;
}

bool WanPipeline::isKept(const char* component) const
{
    return m_resources.placement && m_resources.placement->keepsLoaded(component);
}

c10::Device WanPipeline::computeDevice(const char* component) const
{
    return m_resources.placement ? m_resources.placement->computeDevice(component) : m_resources.device;
}

const EncodedPrompts& WanPipeline::encodeText(const GenerationRequest& request)
{
    m_rules.check(request, request.hasStartImage()); // before UMT5 takes memory
    // diffusers: do_classifier_free_guidance = guidance_scale > 1; negative_prompt or "".
    const bool withGuidance = request.guidanceScale > 1.0;
    ComponentPlacement* placement = m_resources.placement;
    // UMT5 overflows in float16 (as T5 does): bfloat16 instead.
    const c10::ScalarType dtype = m_resources.dtype == at::kHalf ? at::kBFloat16 : m_resources.dtype;
    WanTextEncoder encoder(m_modelDir, placement ? placement->loadDevice("text_encoder") : m_resources.textEncoderDevice,
                           dtype);
    struct Detach {
        ComponentPlacement* placement;
        ~Detach()
        {
            if (placement)
                placement->detach("text_encoder");
        }
    } detach{placement};
    if (placement)
        placement->attach("text_encoder", encoder.model());
    // Each prompt encoded alone, as _get_t5_prompt_embeds runs twice with batch 1.
    const WanTextEmbedding positive = encoder.encode({request.prompt});
    m_prompts = EncodedPrompts{};
    m_prompts.promptIds = positive.inputIds;
    m_prompts.promptEmbeds = positive.promptEmbeds;
    const std::size_t untruncated = encoder.tokenizer().encodeUntruncated(positive.cleanedPrompts[0]).size();
    m_prompts.truncatedTokens = std::max(0, static_cast<int>(untruncated) - WanTextEncoder::kMaxSequenceLength);
    if (withGuidance) {
        const WanTextEmbedding negative = encoder.encode({request.negativePrompt});
        m_prompts.negativePromptIds = negative.inputIds;
        m_prompts.negativePromptEmbeds = negative.promptEmbeds;
    }
    usePrompts(withGuidance);
    return m_prompts;
}

bool WanPipeline::reuseEncodedPrompts(const GenerationRequest& request, const EncodedPrompts& prompts)
{
    const bool withGuidance = request.guidanceScale > 1.0;
    if (!prompts.promptEmbeds.defined() || (withGuidance && !prompts.negativePromptEmbeds.defined()))
        return false;
    m_prompts = prompts;
    if (!withGuidance)
        m_prompts.negativePromptIds = m_prompts.negativePromptEmbeds = at::Tensor();
    usePrompts(withGuidance);
    return true;
}

void WanPipeline::usePrompts(bool withGuidance)
{
    // prompt_embeds.to(transformer_dtype)
    const c10::Device device = computeDevice("transformer");
    m_promptEmbeds = m_prompts.promptEmbeds.to(device, m_resources.dtype);
    m_negativePromptEmbeds = withGuidance ? m_prompts.negativePromptEmbeds.to(device, m_resources.dtype) : at::Tensor();
}

at::Tensor WanPipeline::initialLatents(const GenerationRequest& request, const std::optional<at::Tensor>& injected,
                                       NoiseSource& noise) const
{
    // prepare_latents: randn [B, C, F, h, w] float32, the generator's only draw (C: the VAE's z_dim,
    // which every Wan transformer's output has).
    const std::int64_t s = m_rules.spatialCompression();
    const std::vector<std::int64_t> shape{1, m_rules.latentChannels(), m_rules.latentFrames(request.frameCount),
                                          request.height / s, request.width / s};
    const c10::Device device = computeDevice("transformer");
    if (!injected)
        return noise.draw(shape, at::empty({0}, at::TensorOptions().dtype(at::kFloat).device(device)), "initial latents");
    // Injected latents come in the interface's layout [1, F, C, h, w].
    const std::vector<std::int64_t> expected{shape[0], shape[2], shape[1], shape[3], shape[4]};
    if (injected->sizes() != at::IntArrayRef(expected))
        throw ShapeError("initial latents: expected " + std::string(c10::str(at::IntArrayRef(expected))) +
                         " for this request, got " + shapeOf(*injected));
    return injected->permute({0, 2, 1, 3, 4}).to(device, at::kFloat).contiguous();
}

// WanImageToVideoPipeline.encode_image: image_encoder(**image_processor(image)).hidden_states[-2],
// loaded for this and freed (unless kept).
at::Tensor WanPipeline::encodeImage(const at::Tensor& startImage) const
{
    const at::Tensor pixels =
        WanClipImageProcessor::fromFile(m_modelDir + "/image_processor/preprocessor_config.json").preprocess(startImage);
    ComponentPlacement* placement = m_resources.placement;
    auto encoder = WanClipVisionModel::load(m_modelDir + "/image_encoder", m_resources.dtype,
                                            placement ? placement->loadDevice("image_encoder") : m_resources.device);
    if (placement)
        placement->attach("image_encoder", *encoder);
    struct Detach {
        ComponentPlacement* placement;
        ~Detach()
        {
            if (placement)
                placement->detach("image_encoder");
        }
    } detach{placement};
    return encoder->penultimateHiddenState(pixels.to(computeDevice("image_encoder"), m_resources.dtype));
}

WanDenoiserInputs WanPipeline::conditionInputs(WanRunMode mode, const at::Tensor& startImage,
                                               const GenerationRequest& request)
{
    WanDenoiserInputs in;
    in.expandTimesteps = m_index.expandTimesteps;
    m_condition = m_imageEmbeds = at::Tensor();
    if (mode == WanRunMode::TextToVideo)
        return in;
    if (mode == WanRunMode::ChannelConcatImage && m_index.hasImageEncoder)
        in.imageEmbeds = m_imageEmbeds = encodeImage(startImage); // the same rows for cond and uncond
    const at::Tensor image = m_image.to(computeDevice("vae"));
    loadVae();
    if (mode == WanRunMode::FirstFrameImage) {
        in.firstFrame = WanFirstFrameConditioning::build(*m_vae, image.to(m_resources.dtype),
                                                         m_rules.latentFrames(request.frameCount));
        m_condition = in.firstFrame.condition;
    } else {
        in.channelCondition = WanChannelConditioning::build(*m_vae, image.to(m_resources.dtype), at::Tensor(),
                                                            request.frameCount, 1)
                                  .condition;
        m_condition = in.channelCondition;
    }
    releaseDecoder(); // loaded again for decoding: kept out of the denoising peak
    return in;
}

void WanPipeline::prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                                   const std::optional<at::Tensor>& injected, NoiseSource& noise)
{
    if (!m_promptEmbeds.defined())
        throw Error(ErrorCode::Internal, "wan pipeline: encodeText must run before prepareDenoising");
    m_rules.check(request, startImage.defined());
    const WanRunMode mode = m_rules.mode(startImage.defined());
    // video_processor.preprocess(image, height, width): an image of another size is stretched to the
    // clip's (cheap, and refuses what is not RGB before any weights load); the CLIP encoder of Wan 2.1
    // I2V takes the original image, as encode_image does.
    m_image = at::Tensor();
    if (startImage.defined())
        m_image = VaeImageProcessor::preprocess(startImage, request.height, request.width);
    auto scheduler =
        WanSchedulers::create(m_modelDir, request.scheduler, knobNumber(request.knobs, WanSpec::kFlowShift));
    scheduler->setTimesteps(ScheduleRequest{request.steps, request.frameCount, request.width, request.height});
    // The boundary_ratio knob moves A14B's switch; unset, model_index.json's ratio decides.
    std::optional<double> boundaryRatio = m_index.boundaryRatio;
    if (boundaryRatio)
        boundaryRatio = knobNumber(request.knobs, WanSpec::kBoundaryRatio).value_or(*boundaryRatio);
    const WanExpertSwitch expertSwitch(boundaryRatio, WanSchedulers::numTrainTimesteps(m_modelDir),
                                       request.guidanceScale,
                                       m_index.boundaryRatio ? knobNumber(request.knobs, WanSpec::kGuidanceScale2)
                                                             : std::nullopt);
    m_finalLatents = at::Tensor();
    m_denoiser.reset();
    // Reference order: the noise draw, then the condition's encode (which draws nothing: argmax).
    const at::Tensor latents = initialLatents(request, injected, noise);
    WanDenoiserInputs inputs = conditionInputs(mode, startImage, request);
    inputs.latents = latents;
    inputs.promptEmbeds = m_promptEmbeds;
    inputs.negativePromptEmbeds = m_negativePromptEmbeds;
    if (!m_experts)
        m_experts = std::make_unique<WanExperts>(m_modelDir, m_resources, m_index.hasTransformer2 ? 2 : 1);
    m_experts->setLoras(request.loras, request.resolvedPreset ? chooseLoraMode(*request.resolvedPreset) : LoraMode::Merge);
    m_denoiser = std::make_unique<WanDenoiser>(std::move(scheduler), expertSwitch, *m_experts, m_resources.dtype,
                                               std::move(inputs));
}

ParameterSpec WanPipeline::parameterSpec() const
{
    return WanSpec::forModel(WanModelLayout::read(m_modelDir)); // the family's, as the front ends see it
}

void WanPipeline::denoiseStep(int index, NoiseSource& noise)
{
    if (!m_denoiser)
        throw Error(ErrorCode::Internal, "wan pipeline: denoiseStep before prepareDenoising");
    m_denoiser->setStepCache(m_stepCache);
    const WanStepRecord r = m_denoiser->step(index, noise);
    if (m_wanObserver)
        m_wanObserver(r);
    if (!m_stepObserver)
        return;
    auto interfaceLayout = [](const at::Tensor& t) { return t.permute({0, 2, 1, 3, 4}); };
    DenoiseStepRecord record;
    record.index = index;
    record.timestep = r.timestep;
    record.guidanceScale = r.guidanceScale;
    record.modelInput = interfaceLayout(r.modelInput);
    record.timesteps = r.timestepInput;
    record.modelOutput = r.noisePredUncond.defined()
                             ? interfaceLayout(at::cat({r.noisePredCond, r.noisePredUncond}, 0))
                             : interfaceLayout(r.noisePredCond);
    record.noisePred = interfaceLayout(r.noisePred);
    record.latents = interfaceLayout(r.latents);
    record.tensors = {{"expert", at::scalar_tensor(r.expert, at::kLong)}};
    m_stepObserver(record);
}

at::Tensor WanPipeline::latents() const
{
    const at::Tensor z = m_denoiser ? m_denoiser->latents() : m_finalLatents;
    return z.defined() ? z.permute({0, 2, 1, 3, 4}) : z;
}

StepState WanPipeline::denoiseState() const
{
    if (!m_denoiser)
        throw Error(ErrorCode::Internal, "wan pipeline: denoiseState before prepareDenoising");
    return m_denoiser->state();
}

void WanPipeline::restoreDenoising(const at::Tensor& latents, const StepState& state)
{
    if (!m_denoiser)
        throw Error(ErrorCode::Internal, "wan pipeline: restoreDenoising before prepareDenoising");
    if (latents.dim() != 5)
        throw ShapeError("paused Wan latents: expected [1, F, C, h, w], got " + shapeOf(latents));
    m_denoiser->restore(latents.permute({0, 2, 1, 3, 4}), state);
}

void WanPipeline::releaseDenoiser()
{
    if (m_denoiser)
        m_finalLatents = m_denoiser->finalLatents(); // the runner checkpoints and decodes them after the release
    m_denoiser.reset();
    if (m_experts)
        m_experts->release();
}

void WanPipeline::loadVae()
{
    ComponentPlacement* placement = m_resources.placement;
    if (!m_vae)
        m_vae = WanVae::load(m_modelDir + "/vae", m_resources.dtype,
                             placement ? placement->loadDevice("vae") : m_resources.device);
    if (placement)
        placement->attach("vae", *m_vae); // a kept VAE too: its stage has come round
}

void WanPipeline::releaseDecoder()
{
    if (m_vae && m_resources.placement)
        m_resources.placement->detach("vae");
    if (!isKept("vae"))
        m_vae.reset();
}

at::Tensor WanPipeline::decode(const at::Tensor& latents, const GenerationRequest& request,
                               const DecodeSettings& settings, const ChunkProgress& progress)
{
    const std::int64_t s = m_rules.spatialCompression();
    const std::vector<std::int64_t> expected{1, m_rules.latentFrames(request.frameCount), m_rules.latentChannels(),
                                             request.height / s, request.width / s};
    if (latents.sizes() != at::IntArrayRef(expected))
        throw ShapeError("Wan latents: expected " + std::string(c10::str(at::IntArrayRef(expected))) + " for " +
                         std::to_string(request.frameCount) + " frames of " + std::to_string(request.width) + " x " +
                         std::to_string(request.height) + ", got " + shapeOf(latents));
    loadVae();
    if (progress)
        progress(0, 1);
    // latents / latents_std + latents_mean (latents_std = 1 / std), in the VAE's dtype
    m_decodeInput = WanLatentNormalization(m_vaeConfig).denormalize(latents.permute({0, 2, 1, 3, 4}).to(computeDevice("vae")));
    const at::Tensor z = m_decodeInput.to(m_resources.dtype);
    WanVaeTiles tiles;
    tiles.minHeight = settings.tileHeight;
    tiles.minWidth = settings.tileWidth;
    // Strides in whole latents, at least one: blending happens over min − stride.
    auto stride = [s](int tile, double overlap) {
        return std::max<std::int64_t>(s, static_cast<std::int64_t>(tile * (1.0 - overlap)) / s * s);
    };
    tiles.strideHeight = stride(settings.tileHeight, settings.tileOverlapHeight);
    tiles.strideWidth = stride(settings.tileWidth, settings.tileOverlapWidth);
    const bool isTiled = settings.tiling && WanVaeTiling::tilesDecode(*m_vae, z, tiles);
    m_decoded = (isTiled ? WanVaeTiling::decode(*m_vae, z, tiles) : m_vae->decode(z)).to(at::kFloat);
    if (progress)
        progress(1, 1);
    // postprocess_video: (video / 2 + 0.5).clamp(0, 1) -> [T, 3, H, W]
    at::Tensor video = m_decoded.div(2.0).add_(0.5).clamp_(0.0, 1.0);
    return video[0].permute({1, 0, 2, 3}).contiguous().to(at::kCPU);
}

} // namespace framesmith
