#include "models/cogvideox/planning/CogVideoXPlanning.h"

#include "memory/planner/WeightBytes.h"
#include "models/cogvideox/planning/CogVideoXActivations.h"
#include "models/cogvideox/planning/CogVideoXParameterCounter.h"
#include "models/T5MemoryModel.h"

namespace framesmith {

CogVideoXPlanning::CogVideoXPlanning(CogVideoXTransformerConfig transformer, CogVideoXVaeConfig vae,
                                     T5Config textEncoder)
    : m_transformer(std::move(transformer)), m_vae(std::move(vae)), m_textEncoder(std::move(textEncoder))
{
}

CogVideoXPlanning CogVideoXPlanning::fromFolder(const std::string& folder)
{
    // One after the other: the first broken file in the folder's order is the one named.
    CogVideoXTransformerConfig transformer = CogVideoXTransformerConfig::fromFile(folder + "/transformer/config.json");
    CogVideoXVaeConfig vae = CogVideoXVaeConfig::fromFile(folder + "/vae/config.json");
    T5Config textEncoder = T5Config::fromFile(folder + "/text_encoder/config.json");
    return CogVideoXPlanning(std::move(transformer), std::move(vae), std::move(textEncoder));
}

ModelFootprint CogVideoXPlanning::footprint(const MemoryPreset& preset) const
{
    ModelFootprint f;
    // The pipeline's components, in the order their stages run; names are the diffusers folders.
    f.add("text_encoder", ComponentRole::TextEncoder, T5MemoryModel::weightBytes(m_textEncoder, preset.dtype));
    WeightBytes::addTransformer(f, "transformer", "transformer_blocks",
                                CogVideoXParameterCounter::transformer(m_transformer), preset);
    f.add("vae", ComponentRole::Vae, CogVideoXParameterCounter::vae(m_vae) * WeightBytes::perElement(preset.dtype));
    return f;
}

std::int64_t CogVideoXPlanning::textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const
{
    CogVideoXActivations::geometry(m_transformer, m_vae, request); // validates the request
    return CogVideoXActivations::textEncode(m_textEncoder, m_transformer, dtype);
}

std::int64_t CogVideoXPlanning::denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                                             AttentionPath attention) const
{
    return CogVideoXActivations::denoise(m_transformer, m_vae, request, batch, dtype, attention);
}

// Per block and sample, over the joint sequence S of text and video tokens at width D: q, k, v
// and the output projection 8 S D², the 4 D feed-forward 16 S D², attention's QKᵀ and AV 4 S² D.
double CogVideoXPlanning::denoiseFlops(const GenerationRequest& request, int batch) const
{
    const CogVideoXLatentGeometry g = CogVideoXActivations::geometry(m_transformer, m_vae, request);
    const double s = static_cast<double>(g.sequenceLength), d = m_transformer.innerDim();
    return batch * m_transformer.numLayers * (24.0 * s * d * d + 4.0 * s * s * d);
}

std::int64_t CogVideoXPlanning::denoiseSequenceLength(const GenerationRequest& request) const
{
    return CogVideoXActivations::geometry(m_transformer, m_vae, request).sequenceLength;
}

std::int64_t CogVideoXPlanning::vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset,
                                               bool isCpu) const
{
    return CogVideoXActivations::vaeDecode(m_transformer, m_vae, request, preset, isCpu);
}

} // namespace framesmith
