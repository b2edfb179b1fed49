#include "models/cogvideox/planning/CogVideoXActivations.h"

#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXAttention.h"
#include "models/cogvideox/text/CogVideoXPipelinePrompts.h"
#include "models/cogvideox/planning/CogVideoXParameterCounter.h"
#include "models/cogvideox/planning/CogVideoXVaeWorkingSet.h"
#include "sampling/StepCacheBytes.h"
#include "models/T5MemoryModel.h"

#include <algorithm>

namespace framesmith {

CogVideoXLatentGeometry CogVideoXActivations::geometry(const CogVideoXTransformerConfig& t, const CogVideoXVaeConfig& vae,
                                                       const GenerationRequest& request)
{
    const int spatial = static_cast<int>(vae.spatialCompression());
    if (request.frameCount < 1 || request.width % spatial || request.height % spatial)
        throw InvalidRequestError("request", "frames must be >= 1 and width/height multiples of " +
                                                 std::to_string(spatial));
    CogVideoXLatentGeometry g;
    g.latentFrames = (request.frameCount - 1) / t.temporalCompressionRatio + 1;
    const int patchT = t.patchSizeTemporal();
    if (g.latentFrames % patchT) // diffusers 1.5 pads latent frames up
        g.latentFrames += patchT - g.latentFrames % patchT;
    g.latentHeight = request.height / spatial;
    g.latentWidth = request.width / spatial;
    const int patchFrames = g.latentFrames / patchT;
    g.videoTokens = static_cast<std::int64_t>(patchFrames) * (g.latentHeight / t.patchSize) * (g.latentWidth / t.patchSize);
    g.sequenceLength = g.videoTokens + t.maxTextSeqLength;
    return g;
}

std::int64_t CogVideoXActivations::textEncode(const T5Config& textEncoder, const CogVideoXTransformerConfig& t,
                                              ComputeDtype dtype)
{
    const std::int64_t tokens = CogVideoXPipelinePrompts::kMaxSequenceLength;
    // The previous prompt's embeddings stay for denoising, and so does this one's.
    const std::int64_t embeddings = 2 * tokens * t.textEmbedDim * ActivationEstimator::elementBytes(dtype);
    return T5MemoryModel::encodeBytes(textEncoder, tokens, dtype) + embeddings;
}

std::int64_t CogVideoXActivations::transformerForward(const CogVideoXTransformerConfig& t, std::int64_t batch,
                                                      const CogVideoXLatentGeometry& g, std::int64_t b,
                                                      AttentionPath attention)
{
    // One [B, S, D] tensor; models/cogvideox keeps, per block (CogVideoXBlock/Attention/FeedForward):
    const std::int64_t n = batch * g.sequenceLength * t.innerDim() * b;
    // q, k, v in the making: residual, normalised input, q, and k's projection and its normalised
    // copy (RoPE adds float32 temporaries of one chunk of video tokens).
    std::int64_t projections = 5 * n;
    if (t.useRotaryPositionalEmbeddings) {
        const std::int64_t chunk =
            batch * t.innerDim() * CogVideoXAttention::ropeChunkTokens(batch, t.innerDim(), g.videoTokens);
        projections = std::max(projections, 4 * n + chunk * (b == 4 ? 8 : 12 + b));
    }
    // Attention: residual, q, k, v, the output, plus the workspace (a fused kernel's output is
    // token-major already, so the output projection's input is a view of it).
    const std::int64_t workspace = ActivationEstimator::attentionWorkspace(batch, t.numAttentionHeads, g.sequenceLength,
                                                                           t.attentionHeadDim, attention, b);
    const std::int64_t attend = 5 * n + workspace;
    // Feed-forward: residual, normalised input (freed after the first projection), the 4 D-wide
    // GELU activation (in place), the output.
    const std::int64_t feedForward = 2 * n + 4 * n;
    return std::max({projections, attend, feedForward});
}

std::int64_t CogVideoXActivations::denoise(const CogVideoXTransformerConfig& t, const CogVideoXVaeConfig& vae,
                                           const GenerationRequest& request, int batch, ComputeDtype dtype,
                                           AttentionPath attention)
{
    const CogVideoXLatentGeometry g = geometry(t, vae, request);
    const std::int64_t b = ActivationEstimator::elementBytes(dtype);
    // The patch embedding, before the blocks: the text projection and the patchified video beside
    // their concatenation (2 N), then the embeddings beside this grid's position table. With a fused
    // attention the blocks can peak lower than this.
    const std::int64_t n = batch * g.sequenceLength * t.innerDim() * b;
    const std::int64_t table = positions(t, g, b);
    std::int64_t total = std::max({transformerForward(t, batch, g, b, attention) + table, 2 * n, n + table});
    // Latents, model input, guidance halves, scheduler state: [F, C, h, w] fp32 each.
    const std::int64_t latent =
        static_cast<std::int64_t>(g.latentFrames) * vae.latentChannels * g.latentHeight * g.latentWidth * 4;
    total += 8 * latent;
    total += 2 * static_cast<std::int64_t>(t.maxTextSeqLength) * t.textEmbedDim * b; // prompt embeddings
    // Step caching: the joint stream (text + video tokens, both streams) and the video tokens' probe.
    total += StepCacheBytes::forStep(request.stepCache, batch, g.sequenceLength * t.innerDim(),
                                     g.videoTokens * t.innerDim(), b);
    return total;
}

std::int64_t CogVideoXActivations::positions(const CogVideoXTransformerConfig& t, const CogVideoXLatentGeometry& g,
                                             std::int64_t b)
{
    if (t.useRotaryPositionalEmbeddings)
        return 2 * g.videoTokens * t.attentionHeadDim * 4; // cos, sin
    const std::int64_t grid = g.sequenceLength * t.innerDim();
    if (t.useLearnedPositionalEmbeddings) { // the learned table (weights) at the sample grid, else sincos
        const bool isSample = g.latentFrames == t.sampleLatentFrames() && g.latentHeight == t.sampleHeight &&
                              g.latentWidth == t.sampleWidth;
        return isSample ? 0 : grid * b;
    }
    // CogVideoXPatchEmbed caches one sincos table: built for the sample size at construction (the
    // buffer counted with the weights) and replaced by this grid's, so the difference is working
    // memory (negative for grids smaller than the sample size).
    return (grid - CogVideoXParameterCounter::transformer(t).bufferElements) * b;
}

std::int64_t CogVideoXActivations::vaeDecode(const CogVideoXTransformerConfig& t, const CogVideoXVaeConfig& v,
                                             const GenerationRequest& request, const MemoryPreset& preset, bool isCpu)
{
    geometry(t, v, request); // validates the request
    const std::int64_t spatial = v.spatialCompression();
    const std::int64_t temporal = static_cast<std::int64_t>(v.temporalCompressionRatio);
    std::int64_t height = request.height;
    std::int64_t width = request.width;
    if (preset.vaeTiling) {
        height = std::min<std::int64_t>(height, preset.vaeTileHeight);
        width = std::min<std::int64_t>(width, preset.vaeTileWidth);
    }
    CogVideoXVaeDecodeShape shape;
    shape.elementBytes = ActivationEstimator::elementBytes(preset.dtype);
    shape.isCpu = isCpu;
    // Decoded latent frames: 1.5's padding frames are dropped before decoding.
    shape.latentFrames = (request.frameCount - 1) / temporal + 1;
    shape.latentHeight = height / spatial;
    shape.latentWidth = width / spatial;
    // The decoded video is allocated whole up front; tiled decoding also keeps every tile
    // until they are blended.
    const std::int64_t outputFrames = 1 + temporal * (shape.latentFrames - 1);
    shape.outputBytes = v.outChannels * outputFrames * request.height * request.width * shape.elementBytes;
    if (preset.vaeTiling)
        shape.outputBytes *= 2;
    return std::max(CogVideoXVaeWorkingSet::peakBytes(v, shape),
                    ActivationEstimator::decodedVideoHandOffBytes(outputFrames, request.height, request.width));
}

} // namespace framesmith
