#include "memory/ActivationEstimator.h"

#include "framesmith/Error.h"
#include "memory/VaeDecodeWorkingSet.h"

#include <algorithm>

namespace framesmith {
namespace {

std::int64_t elementBytes(ComputeDtype dtype) { return dtype == ComputeDtype::Float32 ? 4 : 2; }

} // namespace

LatentGeometry ActivationEstimator::geometry(const ModelConfigs& configs, const GenerationRequest& request)
{
    const TransformerConfig& t = configs.transformer;
    const int spatial = configs.vae.spatialCompression();
    if (request.frameCount < 1 || request.width % spatial || request.height % spatial)
        throw InvalidRequestError("request", "frames must be >= 1 and width/height multiples of " +
                                                 std::to_string(spatial));
    LatentGeometry g;
    g.latentFrames = (request.frameCount - 1) / t.temporalCompressionRatio + 1;
    if (t.patchSizeT > 0 && g.latentFrames % t.patchSizeT) // diffusers 1.5 pads latent frames up
        g.latentFrames += t.patchSizeT - g.latentFrames % t.patchSizeT;
    g.latentHeight = request.height / spatial;
    g.latentWidth = request.width / spatial;
    const int patchFrames = t.patchSizeT > 0 ? g.latentFrames / t.patchSizeT : g.latentFrames;
    g.videoTokens = static_cast<std::int64_t>(patchFrames) * (g.latentHeight / t.patchSize) * (g.latentWidth / t.patchSize);
    g.sequenceLength = g.videoTokens + t.maxTextSeqLength;
    return g;
}

std::int64_t ActivationEstimator::attentionWorkspace(std::int64_t batch, std::int64_t heads, std::int64_t sequence,
                                                     AttentionPath attention, std::int64_t elementBytes)
{
    if (attention == AttentionPath::Fused)
        return 2 * batch * heads * sequence * 4; // log-sum-exp and softmax statistics, fp32
    // core/ChunkedAttention: one scores buffer of as many whole heads (or rows) as fit the budget,
    // plus a smaller buffer for a last, partial group of heads.
    const std::int64_t budgetElements = std::max<std::int64_t>(1, kScoreBudgetBytes / elementBytes);
    const std::int64_t rows = std::clamp<std::int64_t>(budgetElements / sequence, 1, sequence);
    const std::int64_t allHeads = batch * heads;
    const std::int64_t group = std::clamp<std::int64_t>(budgetElements / (rows * sequence), 1, allHeads);
    std::int64_t bytes = group * rows * sequence * elementBytes;
    if (rows == sequence && allHeads % group)
        bytes += (allHeads % group) * sequence * sequence * elementBytes;
    return bytes;
}

std::int64_t ActivationEstimator::textEncode(const ModelConfigs& configs, ComputeDtype dtype)
{
    const TextEncoderConfig& c = configs.textEncoder;
    const std::int64_t length = c.maxSequenceLength;
    const std::int64_t b = elementBytes(dtype);
    // One prompt at a time (the reference encodes prompt and negative prompt separately).
    // Coefficients fitted to measured CPU peaks of a T5 v1.1-shaped encoder (tst_MemoryPlannerAccuracy).
    const std::int64_t feedForward = 5 * length * c.dFf * b;               // wi_0, gelu, wi_1, product, temporaries
    const std::int64_t scores = 4 * static_cast<std::int64_t>(c.numHeads) * length * length * 4; // scores, bias, softmax
    const std::int64_t hidden = 6 * length * c.dModel * 4;                  // residual stream and fp32 RMS norm
    const std::int64_t embeddings = 2 * length * configs.transformer.textEmbedDim * b; // kept for denoising
    return feedForward + scores + hidden + embeddings;
}

std::int64_t ActivationEstimator::denoise(const ModelConfigs& configs, const GenerationRequest& request, int batch,
                                          ComputeDtype dtype, AttentionPath attention)
{
    const TransformerConfig& t = configs.transformer;
    const LatentGeometry g = geometry(configs, request);
    const std::int64_t b = elementBytes(dtype);
    const std::int64_t tokens = batch * g.sequenceLength * t.hiddenSize() * b; // one [B, S, D] tensor
    // The larger of the attention phase (the joint input, q, k, v and their head-major copies, the
    // output: ~8 [B, S, D] tensors, plus the score buffers) and the feed-forward phase (~10: the
    // 4D projection and its GELU). Fitted to measured CPU peaks of the mid workloads
    // (tst_MemoryPlannerAccuracy); the 2b row is over-predicted, the 5b row matches.
    const std::int64_t attentionPhase = 8 * tokens +
        attentionWorkspace(batch, t.numAttentionHeads, g.sequenceLength, attention, b);
    std::int64_t total = std::max(attentionPhase, 10 * tokens);
    // Latents, model input, guidance halves, scheduler state: [F, C, h, w] fp32 each.
    const std::int64_t latent = static_cast<std::int64_t>(g.latentFrames) * configs.vae.latentChannels *
                                g.latentHeight * g.latentWidth * 4;
    total += 8 * latent;
    total += 2 * static_cast<std::int64_t>(t.maxTextSeqLength) * t.textEmbedDim * b; // prompt embeddings
    if (t.useRotaryPositionalEmbeddings)
        total += 2 * g.videoTokens * t.attentionHeadDim * 4; // cos, sin
    else
        total += g.sequenceLength * t.hiddenSize() * 4;     // sincos table rebuilt for this grid
    return total;
}

std::int64_t ActivationEstimator::vaeDecode(const ModelConfigs& configs, const GenerationRequest& request,
                                            const MemoryPreset& preset, bool isCpu)
{
    const VaeConfig& v = configs.vae;
    geometry(configs, request); // validates the request
    const int spatial = v.spatialCompression();
    std::int64_t height = request.height;
    std::int64_t width = request.width;
    if (preset.vaeTiling) {
        height = std::min<std::int64_t>(height, preset.vaeTileHeight);
        width = std::min<std::int64_t>(width, preset.vaeTileWidth);
    }
    VaeDecodeShape shape;
    shape.elementBytes = elementBytes(preset.dtype);
    shape.isCpu = isCpu;
    // Decoded latent frames: 1.5's padding frames are dropped before decoding.
    shape.latentFrames = (request.frameCount - 1) / v.temporalCompressionRatio + 1;
    shape.latentHeight = height / spatial;
    shape.latentWidth = width / spatial;
    // The decoded video is allocated whole up front; tiled decoding also keeps every tile
    // until they are blended.
    const std::int64_t outputFrames = 1 + v.temporalCompressionRatio * (shape.latentFrames - 1);
    shape.outputBytes = v.outChannels * outputFrames * request.height * request.width * shape.elementBytes;
    if (preset.vaeTiling)
        shape.outputBytes *= 2;
    return VaeDecodeWorkingSet::peakBytes(v, shape);
}

} // namespace framesmith
