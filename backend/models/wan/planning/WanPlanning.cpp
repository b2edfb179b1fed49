#include "models/wan/planning/WanPlanning.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "memory/planner/WeightBytes.h"
#include "models/T5MemoryModel.h"
#include "models/wan/planning/WanClipWorkingSet.h"
#include "models/wan/planning/WanComponentCounts.h"
#include "models/wan/planning/WanTransformerParameterCount.h"
#include "models/wan/planning/WanVaeWorkingSet.h"
#include "sampling/StepCacheBytes.h"

#include <algorithm>
#include <filesystem>

namespace framesmith {

namespace {

bool exists(const std::string& path) { return std::filesystem::exists(path); }

// expand_timesteps: model_index.json in a -Diffusers folder (pipeline.json beside the full-size configs).
bool readExpandTimesteps(const std::string& folder)
{
    for (const char* name : {"/model_index.json", "/pipeline.json"}) {
        if (!exists(folder + name))
            continue;
        const nlohmann::json j = JsonGuard::readFile(folder + name);
        const auto it = j.is_object() ? j.find("expand_timesteps") : j.end();
        if (it == j.end() || it->is_null())
            return false;
        if (!it->is_boolean())
            throw FileError(ErrorCode::BadFile, folder + name, "expand_timesteps must be true or false, got " + it->dump());
        return it->get<bool>();
    }
    return false;
}

void addTransformer(ModelFootprint& f, const std::string& name, const WanTransformerConfig& c, const MemoryPreset& preset)
{
    WeightBytes::addTransformer(f, name, "blocks", WanTransformerParameterCount::fromConfig(c), preset);
}

} // namespace

WanPlanning::WanPlanning(WanPlanningConfigs configs) : m_configs(std::move(configs))
{
    if (m_configs.imageEncoderConfig) {
        const WanImageEncoderCount image = WanComponentCounts::imageEncoder(*m_configs.imageEncoderConfig);
        m_imageEncoderElements = image.elements;
        m_imageTokens = image.tokens;
        m_imageEncoder = WanClipVisionConfig::fromFile(*m_configs.imageEncoderConfig);
    }
}

WanPlanning WanPlanning::fromFolder(const std::string& folder)
{
    WanPlanningConfigs c;
    c.textEncoder = T5Config::fromFile(folder + "/text_encoder/config.json");
    // Every Wan repo ships google/umt5-xxl as UMT5EncoderModel (a relative bias in every layer), and
    // transformers' own to_json_string of its config omits model_type, which T5Config reads it from.
    c.textEncoder.hasRelativeBiasPerLayer = true;
    if (exists(folder + "/image_encoder/config.json"))
        c.imageEncoderConfig = folder + "/image_encoder/config.json";
    c.transformer = WanTransformerConfig::fromFile(folder + "/transformer/config.json");
    if (exists(folder + "/transformer_2/config.json"))
        c.transformer2 = WanTransformerConfig::fromFile(folder + "/transformer_2/config.json");
    c.vae = WanVaeConfig::fromFile(folder + "/vae/config.json");
    c.isExpandTimesteps = readExpandTimesteps(folder);
    return WanPlanning(std::move(c));
}

ModelFootprint WanPlanning::footprint(const MemoryPreset& preset) const
{
    const std::int64_t b = WeightBytes::perElement(preset.dtype);
    ModelFootprint f;
    f.add("text_encoder", ComponentRole::TextEncoder, T5MemoryModel::weightBytes(m_configs.textEncoder, preset.dtype));
    if (m_imageEncoderElements > 0)
        f.add("image_encoder", ComponentRole::ImageEncoder, m_imageEncoderElements * b);
    addTransformer(f, "transformer", m_configs.transformer, preset);
    if (m_configs.transformer2)
        addTransformer(f, "transformer_2", *m_configs.transformer2, preset);
    f.add("vae", ComponentRole::Vae, WanComponentCounts::vae(m_configs.vae).total() * b);
    return f;
}

std::array<std::int64_t, 3> WanPlanning::latentSize(const GenerationRequest& request) const
{
    const auto& t = m_configs.transformer;
    const std::int64_t pixels = WanVaeWorkingSet::spatialCompression(m_configs.vae);
    const std::int64_t temporal = WanVaeWorkingSet::temporalCompression(m_configs.vae);
    const std::int64_t multiple = pixels * t.patchSize[1], most = multiple * t.ropeMaxSeqLen;
    if (request.frameCount < 1 || (request.frameCount - 1) % temporal != 0 ||
        (request.frameCount - 1) / temporal + 1 > t.ropeMaxSeqLen)
        throw InvalidRequestError("request", std::to_string(request.frameCount) + " frames: Wan takes " +
                                                 std::to_string(temporal) + "k + 1 frames (1, 5, 9, ... 81, ... 121)");
    for (const auto& [field, value] : {std::pair<const char*, int>{"width", request.width}, {"height", request.height}})
        if (value < multiple || value > most || value % multiple != 0)
            throw InvalidRequestError("request", std::string(field) + " " + std::to_string(value) + ": this Wan model takes a multiple of " +
                                                     std::to_string(multiple) + " from " + std::to_string(multiple) +
                                                     " to " + std::to_string(most));
    return {(request.frameCount - 1) / temporal + 1, request.height / pixels, request.width / pixels};
}

WanStepShape WanPlanning::stepShape(const GenerationRequest& request, int batch) const
{
    const auto latent = latentSize(request);
    WanStepShape s;
    // WanPipeline runs guidance as two calls, cond then uncond, never as a batch of 2: one call's
    // working set whatever `batch` says (the held cond prediction is one more latent: samplerBytes).
    (void)batch;
    s.batch = 1;
    s.latentFrames = latent[0];
    s.latentHeight = latent[1];
    s.latentWidth = latent[2];
    s.contextRows = kTextTokens + imageTokens();
    s.isPerTokenTimestep = m_configs.isExpandTimesteps;
    return s;
}

std::int64_t WanPlanning::imageTokens() const
{
    return m_configs.transformer.imageDim ? m_imageTokens : 0;
}

bool WanPlanning::isChannelConcat() const
{
    return m_configs.transformer.inChannels == 2 * m_configs.vae.zDim + WanVaeWorkingSet::temporalCompression(m_configs.vae);
}

std::int64_t WanPlanning::textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const
{
    latentSize(request); // validates the request
    return T5MemoryModel::encodeBytes(m_configs.textEncoder, kTextTokens, dtype);
}

std::int64_t WanPlanning::denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                                       AttentionPath attention) const
{
    const WanStepShape shape = stepShape(request, batch);
    const std::int64_t e = WeightBytes::perElement(dtype);
    // Both experts have the same widths (only the first's in_channels may differ): plan the wider.
    WanActivations a = WanActivationModel::estimate(m_configs.transformer, shape, e, attention == AttentionPath::Fused);
    if (m_configs.transformer2) {
        const WanActivations b = WanActivationModel::estimate(*m_configs.transformer2, shape, e, attention == AttentionPath::Fused);
        if (b.peakBytes() > a.peakBytes())
            a = b;
    }
    const std::int64_t rowElements = WanActivationModel::tokens(m_configs.transformer, shape) * m_configs.transformer.innerDim();
    // Each guidance branch keeps its own step-cache entry on this device, calls apart or not.
    return a.peakBytes() + StepCacheBytes::forStep(request.stepCache, batch >= 2 ? 2 : 1, rowElements, rowElements, e);
}

// Per sample, S video tokens at width D, L context rows, FFN width M, per block: self-attention's
// projections 4 S D² and products 2 S² D, cross-attention's q and output 2 S D², its k, v 2 L D² and
// products 2 S L D, the FFN 2 S D M (multiply-adds; 2 flops each).
double WanPlanning::denoiseFlops(const GenerationRequest& request, int batch) const
{
    const WanStepShape shape = stepShape(request, batch);
    const auto& c = m_configs.transformer;
    const double s = static_cast<double>(WanActivationModel::tokens(c, shape)), d = c.innerDim(),
                 l = shape.contextRows, m = c.ffnDim;
    const double perBlock = 6.0 * s * d * d + 2.0 * s * s * d + 2.0 * l * d * d + 2.0 * s * l * d + 2.0 * s * d * m;
    return 2.0 * batch * c.numLayers * perBlock;
}

std::int64_t WanPlanning::denoiseSequenceLength(const GenerationRequest& request) const
{
    const WanStepShape shape = stepShape(request, 1);
    return WanActivationModel::tokens(m_configs.transformer, shape) + shape.contextRows;
}

std::int64_t WanPlanning::vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset, bool isCpu) const
{
    const auto latent = latentSize(request);
    WanVaeWorkload w;
    w.latentFrames = latent[0];
    w.height = request.height;
    w.width = request.width;
    w.elementBytes = WeightBytes::perElement(preset.dtype);
    w.fusedAttention = !isCpu;
    w.isCpu = isCpu;
    if (preset.vaeTiling) {
        w.tileHeight = preset.vaeTileHeight;
        w.tileWidth = preset.vaeTileWidth;
        w.strideHeight = static_cast<std::int64_t>(preset.vaeTileHeight * (1.0 - preset.vaeTileOverlapHeight));
        w.strideWidth = static_cast<std::int64_t>(preset.vaeTileWidth * (1.0 - preset.vaeTileOverlapWidth));
    }
    const std::int64_t frames = 1 + WanVaeWorkingSet::temporalCompression(m_configs.vae) * (latent[0] - 1);
    return std::max(WanVaeWorkingSet::decode(m_configs.vae, w).peakBytes,
                    ActivationEstimator::decodedVideoHandOffBytes(frames, request.height, request.width));
}

// WanPipeline::conditionInputs: the CLIP tower reads the original image (Wan 2.1 I2V), then the VAE
// encodes the first frame alone (TI2V) or the image followed by frames - 1 zero frames (I2V), whose
// pieces and concatenation are held through the encode. A text-to-video model takes no image (the
// pipeline refuses one before any weights load).
std::int64_t WanPlanning::conditionEncodeBytes(const GenerationRequest& request, ComponentRole role,
                                               const MemoryPreset& preset, bool isCpu) const
{
    if (!request.hasStartImage())
        return 0;
    const auto latent = latentSize(request);
    const std::int64_t e = WeightBytes::perElement(preset.dtype);
    if (role == ComponentRole::ImageEncoder)
        return m_imageEncoder && imageTokens() > 0 ? WanClipWorkingSet::penultimateBytes(*m_imageEncoder, e) : 0;
    const bool isConcat = isChannelConcat();
    if (role != ComponentRole::Vae || (!isConcat && !m_configs.isExpandTimesteps))
        return 0;
    WanVaeWorkload w;
    w.latentFrames = isConcat ? latent[0] : 1;
    w.height = request.height;
    w.width = request.width;
    w.elementBytes = e;
    w.fusedAttention = !isCpu;
    w.isCpu = isCpu;
    // The preprocessed image on the VAE's device (float32) and in the VAE's dtype; I2V's zero frames
    // beside it and the concatenated video.
    const std::int64_t pixels = 3 * static_cast<std::int64_t>(request.height) * request.width;
    const std::int64_t held = pixels * 4 + (isConcat ? 2 * request.frameCount : 1) * pixels * e;
    return held + WanVaeWorkingSet::encode(m_configs.vae, w).peakBytes;
}

} // namespace framesmith
