#include "models/opensora/planning/OpenSoraPlanning.h"

#include "framesmith/Error.h"
#include "framesmith/ParameterSpec.h"
#include "memory/planner/ActivationEstimator.h"
#include "memory/planner/WeightBytes.h"
#include "models/opensora/OpenSoraModelLayout.h"
#include "models/opensora/planning/OpenSoraParameterCounts.h"
#include "models/opensora/OpenSoraSpec.h"
#include "models/opensora/planning/OpenSoraVaeWorkingSet.h"
#include "models/opensora/planning/STDiT3ActivationModel.h"
#include "models/opensora/planning/STDiT3ParameterCount.h"
#include "sampling/StepCacheBytes.h"
#include "models/opensora/OpenSoraTextEncoder.h"
#include "models/T5MemoryModel.h"

#include <algorithm>

namespace framesmith {

namespace {

constexpr std::int64_t kFloat32Bytes = 4; // T5 runs in float32 whatever the model dtype

std::int64_t elementBytes(ComputeDtype dtype) { return WeightBytes::perElement(dtype); }

} // namespace

OpenSoraPlanning::OpenSoraPlanning(STDiT3Config transformer, OpenSoraVaeConfig vae, T5Config textEncoder)
    : m_transformer(std::move(transformer)), m_vae(std::move(vae)), m_textEncoder(std::move(textEncoder))
{
}

OpenSoraPlanning OpenSoraPlanning::fromFolder(const std::string& folder)
{
    const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(folder);
    STDiT3Config transformer = STDiT3Config::fromFile(layout.transformer + "/config.json");
    OpenSoraVaeConfig vae = OpenSoraVaeConfig::fromFiles(layout.vae + "/config.json", layout.spatialVae + "/config.json");
    T5Config textEncoder = T5Config::fromFile(layout.textEncoder + "/config.json");
    return OpenSoraPlanning(std::move(transformer), std::move(vae), std::move(textEncoder));
}

ModelFootprint OpenSoraPlanning::footprint(const MemoryPreset& preset) const
{
    ModelFootprint f;
    f.add("text_encoder", ComponentRole::TextEncoder, OpenSoraParameterCounts::t5(m_textEncoder).total() * kFloat32Bytes);
    const STDiT3ParameterCount stdit = STDiT3ParameterCount::fromConfig(m_transformer);
    TransformerCount count;
    count.baseElements = stdit.baseElements;
    count.perBlockElements = stdit.perBlockElements;
    count.perBlockMatrixElements = stdit.perBlockMatrixElements;
    count.perBlockMatrixRows = stdit.perBlockMatrixRows;
    count.blockCount = stdit.blockCount;
    // Spatial and temporal blocks interleaved, in run order, under the plan's one block list.
    WeightBytes::addTransformer(f, "transformer", "transformer_blocks", count, preset);
    f.add("vae", ComponentRole::Vae, OpenSoraParameterCounts::vae(m_vae).total() * elementBytes(preset.dtype));
    return f;
}

std::array<std::int64_t, 3> OpenSoraPlanning::latentSize(const GenerationRequest& request) const
{
    const ParameterSpec spec = OpenSoraSpec::forModel(m_transformer, m_vae);
    if (!spec.frames.isValid(request.frameCount))
        throw InvalidRequestError("request", std::to_string(request.frameCount) + " frames: Open-Sora 1.2 takes " +
                                                 spec.frames.description());
    for (const auto& [field, value] : {std::pair<const char*, int>{"width", request.width}, {"height", request.height}})
        if (value < spec.minSize || value > spec.maxSize || value % spec.sizeMultiple != 0)
            throw InvalidRequestError("request", std::string(field) + " " + std::to_string(value) + ": a multiple of " +
                                                     std::to_string(spec.sizeMultiple) + " from " +
                                                     std::to_string(spec.minSize) + " to " + std::to_string(spec.maxSize));
    // get_latent_size: whole micro-frame chunks, then the remainder; 8x8 pixels per latent.
    const auto& temporal = m_vae.temporal;
    const std::int64_t chunk = m_vae.microFrameSize, frames = request.frameCount;
    std::int64_t latentFrames = temporal.latentFrames(frames);
    if (chunk > 0)
        latentFrames = temporal.latentFrames(chunk) * (frames / chunk) +
                       (frames % chunk > 0 ? temporal.latentFrames(frames % chunk) : 0);
    return {latentFrames, request.height / OpenSoraVaeConfig::kSpatialPatch, request.width / OpenSoraVaeConfig::kSpatialPatch};
}

std::int64_t OpenSoraPlanning::textEncodeBytes(const GenerationRequest& request, ComputeDtype /*dtype*/) const
{
    latentSize(request); // validates the request
    return T5MemoryModel::encodeBytes(m_textEncoder, OpenSoraTextEncoder::kMaxLength, ComputeDtype::Float32);
}

std::int64_t OpenSoraPlanning::denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                                            AttentionPath attention) const
{
    const auto latent = latentSize(request);
    STDiT3StepShape shape;
    shape.batch = batch >= 2 ? 2 : 1; // 2: [cond, uncond] as one batch on this device
    shape.latentFrames = latent[0];
    shape.latentHeight = latent[1];
    shape.latentWidth = latent[2];
    shape.textTokens = m_transformer.modelMaxLength;
    shape.hasFrameMask = false; // text-to-video: every frame is denoised
    const std::int64_t e = elementBytes(dtype);
    const STDiT3Activations a = STDiT3ActivationModel::estimate(m_transformer, shape, e, attention == AttentionPath::Fused);
    const std::int64_t rowElements = a.residualBytes / (shape.batch * e); // [T·S, hidden] per branch
    return a.peakBytes() + StepCacheBytes::forStep(request.stepCache, shape.batch, rowElements, rowElements, e);
}

// Per sample, S = T·HW video tokens at width D, L caption tokens, MLP width M. Each spatial and
// each temporal block: self-attention's projections 8 S D², cross-attention's q and output 4 S D²
// and its k, v over the caption 4 L D², cross-attention's products 4 S L D, the MLP 4 S D M. Self-
// attention's products: within a frame (T sequences of HW) for the spatial block, along time (HW
// sequences of T) for the temporal one.
double OpenSoraPlanning::denoiseFlops(const GenerationRequest& request, int batch) const
{
    const auto latent = latentSize(request);
    const auto& patch = m_transformer.patchSize;
    const double t = static_cast<double>((latent[0] + patch[0] - 1) / patch[0]);
    const double hw = static_cast<double>(((latent[1] + patch[1] - 1) / patch[1]) * ((latent[2] + patch[2] - 1) / patch[2]));
    const double s = t * hw, d = m_transformer.hiddenSize, l = m_transformer.modelMaxLength,
                 m = m_transformer.mlpHidden();
    const double perBlock = 12.0 * s * d * d + 4.0 * l * d * d + 4.0 * s * l * d + 4.0 * s * d * m;
    const double selfAttention = 4.0 * t * hw * hw * d + 4.0 * hw * t * t * d;
    return batch * m_transformer.depth * (2.0 * perBlock + selfAttention);
}

std::int64_t OpenSoraPlanning::vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset,
                                              bool isCpu) const
{
    latentSize(request);
    OpenSoraVaeWorkload work;
    work.frames = request.frameCount;
    work.height = request.height / OpenSoraVaeConfig::kSpatialPatch * OpenSoraVaeConfig::kSpatialPatch;
    work.width = request.width / OpenSoraVaeConfig::kSpatialPatch * OpenSoraVaeConfig::kSpatialPatch;
    work.elementBytes = elementBytes(preset.dtype);
    work.isCpu = isCpu;
    if (preset.vaeSlicing)
        work.microBatchSize = 1; // the pipeline decodes the 2-D VAE frame by frame when slicing
    return std::max(OpenSoraVaeWorkingSet::decode(m_vae, work).peakBytes,
                    ActivationEstimator::decodedVideoHandOffBytes(work.frames, work.height, work.width));
}

} // namespace framesmith
