#include "memory/planner/ActivationEstimator.h"

#include "framesmith/Error.h"
#include "memory/planner/ParameterCounter.h"
#include "memory/planner/VaeDecodeWorkingSet.h"

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
                                                     std::int64_t headDim, AttentionPath attention,
                                                     std::int64_t elementBytes)
{
    if (attention == AttentionPath::Fused) // flash / memory-efficient: no score matrix, fp32 log-sum-exp
        return batch * heads * sequence * 4;
    // core/ChunkedAttention: one flat score buffer of as many whole heads (or query rows) as fit the
    // budget, reused by every chunk, plus the chunk's output when rows are chunked.
    const std::int64_t budgetElements = std::max<std::int64_t>(1, kScoreBudgetBytes / elementBytes);
    const std::int64_t rows = std::clamp<std::int64_t>(budgetElements / sequence, 1, sequence);
    const std::int64_t group = std::clamp<std::int64_t>(budgetElements / (rows * sequence), 1, batch * heads);
    const std::int64_t chunkOutput = rows == sequence ? 0 : group * rows * headDim;
    return (group * rows * sequence + chunkOutput) * elementBytes;
}

std::int64_t ActivationEstimator::textEncode(const ModelConfigs& configs, ComputeDtype dtype)
{
    const TextEncoderConfig& c = configs.textEncoder;
    const std::int64_t L = c.maxSequenceLength;
    const std::int64_t b = elementBytes(dtype);
    const std::int64_t hidden = L * c.dModel * b;        // one [1, L, d_model]
    const std::int64_t inner = L * c.numHeads * c.dKv * b;
    const std::int64_t scores = c.numHeads * L * L * b;  // one [1, H, L, L]
    const std::int64_t softmax = c.numHeads * L * L * 4; // softmax(scores.float())
    // text/T5*: one prompt at a time (the reference encodes prompt and negative prompt
    // separately); the input embeddings and block 0's position bias live through the forward.
    const std::int64_t base = hidden + scores;
    // Position bias: the bucket arithmetic of T5Attention::relativePositionBucket keeps its
    // temporaries to the end of one expression: ~7.6 [L, L] int64 tensors, then the [L, L, H] values.
    const std::int64_t bucketPhase = hidden + std::max<std::int64_t>(61 * L * L, scores + 8 * L * L);
    // Self-attention: block input, its norm, q, k, v, scores, softmax, the context and its
    // head-major-to-token copy.
    const std::int64_t attentionPhase = base + 2 * hidden + 5 * inner + scores + softmax;
    // Feed-forward: block input and attention output, the norm, then the gated GELU of T5 v1.1
    // (wi_0, NewGELU's 8 elementwise temporaries held to the end of its expression, wi_1); the
    // original T5's ReLU holds wi, relu and the product only.
    const std::int64_t width = L * c.dFf * b;
    const std::int64_t feedForwardPhase = base + 3 * hidden + (c.isGatedAct ? 10 : 2) * width;
    // The previous prompt's embeddings stay for denoising, and so does this one's.
    const std::int64_t embeddings = 2 * L * configs.transformer.textEmbedDim * b;
    return std::max({bucketPhase, attentionPhase, feedForwardPhase}) + embeddings;
}

std::int64_t ActivationEstimator::ropeChunkTokens(std::int64_t batch, std::int64_t innerDim, std::int64_t videoTokens)
{
    return std::clamp<std::int64_t>(kRopeChunkBytes / (batch * innerDim * 4), 1, std::max<std::int64_t>(videoTokens, 1));
}

std::int64_t ActivationEstimator::transformerForward(const TransformerConfig& t, std::int64_t batch,
                                                     const LatentGeometry& g, std::int64_t b, AttentionPath attention)
{
    // One [B, S, D] tensor; models/cogvideox keeps, per block (CogVideoXBlock/Attention/FeedForward):
    const std::int64_t n = batch * g.sequenceLength * t.hiddenSize() * b;
    // q, k, v in the making: residual, normalised input, q, and k's projection and its normalised
    // copy (RoPE adds float32 temporaries of one chunk of video tokens).
    std::int64_t projections = 5 * n;
    if (t.useRotaryPositionalEmbeddings) {
        const std::int64_t chunk = batch * t.hiddenSize() * ropeChunkTokens(batch, t.hiddenSize(), g.videoTokens);
        projections = std::max(projections, 4 * n + chunk * (b == 4 ? 8 : 12 + b));
    }
    // Attention: residual, q, k, v, the output, plus the workspace; a fused kernel returns its output
    // token-major, so its head-major copy is a sixth.
    const std::int64_t workspace = attentionWorkspace(batch, t.numAttentionHeads, g.sequenceLength,
                                                      t.attentionHeadDim, attention, b);
    const std::int64_t attend = (attention == AttentionPath::Fused ? 6 : 5) * n + workspace;
    // Feed-forward: residual, normalised input (freed after the first projection), the 4 D-wide
    // GELU activation (in place), the output.
    const std::int64_t feedForward = 2 * n + 4 * n;
    return std::max({projections, attend, feedForward});
}

std::int64_t ActivationEstimator::denoise(const ModelConfigs& configs, const GenerationRequest& request, int batch,
                                          ComputeDtype dtype, AttentionPath attention)
{
    const TransformerConfig& t = configs.transformer;
    const LatentGeometry g = geometry(configs, request);
    const std::int64_t b = elementBytes(dtype);
    std::int64_t total = transformerForward(t, batch, g, b, attention);
    // Latents, model input, guidance halves, scheduler state: [F, C, h, w] fp32 each.
    const std::int64_t latent = static_cast<std::int64_t>(g.latentFrames) * configs.vae.latentChannels *
                                g.latentHeight * g.latentWidth * 4;
    total += 8 * latent;
    total += 2 * static_cast<std::int64_t>(t.maxTextSeqLength) * t.textEmbedDim * b; // prompt embeddings
    total += positions(t, g, b);
    return total;
}

std::int64_t ActivationEstimator::positions(const TransformerConfig& t, const LatentGeometry& g, std::int64_t b)
{
    if (t.useRotaryPositionalEmbeddings)
        return 2 * g.videoTokens * t.attentionHeadDim * 4; // cos, sin
    const std::int64_t grid = g.sequenceLength * t.hiddenSize();
    if (t.useLearnedPositionalEmbeddings) { // the learned table (weights) at the sample grid, else sincos
        const int frames = (t.sampleFrames - 1) / t.temporalCompressionRatio + 1;
        const bool isSample = g.latentFrames == frames && g.latentHeight == t.sampleHeight &&
                              g.latentWidth == t.sampleWidth;
        return isSample ? 0 : grid * b;
    }
    // CogVideoXPatchEmbed caches one sincos table: built for the sample size at construction (the
    // buffer counted with the weights) and replaced by this grid's, so the difference is working
    // memory (negative for grids smaller than the sample size).
    return (grid - ParameterCounter::transformer(t).bufferElements) * b;
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
