#include "memory/planner/ParameterCounter.h"

namespace framesmith {
namespace {

std::int64_t linear(std::int64_t in, std::int64_t out, bool bias = true) { return in * out + (bias ? out : 0); }
std::int64_t layerNorm(std::int64_t dim, bool affine = true) { return affine ? 2 * dim : 0; }
std::int64_t conv(std::int64_t in, std::int64_t out, std::int64_t kernelVolume) { return in * out * kernelVolume + out; }

} // namespace

std::int64_t ParameterCounter::transformerBlock(const TransformerConfig& c)
{
    const std::int64_t d = c.hiddenSize();
    const std::int64_t e = c.timeEmbedDim;
    // CogVideoXLayerNormZero: Linear(E, 6D) + LayerNorm(D); one for norm1 and one for norm2.
    const std::int64_t norms = 2 * (linear(e, 6 * d) + layerNorm(d, c.normElementwiseAffine));
    // Attention: to_q/k/v (attention_bias), per-head q/k LayerNorm, to_out.0 (always biased).
    const std::int64_t attention = 3 * linear(d, d, c.attentionBias) + 2 * layerNorm(c.attentionHeadDim) + linear(d, d);
    // FeedForward gelu-approximate, inner 4D: net.0.proj and net.2.
    const std::int64_t feedForward = linear(d, 4 * d) + linear(4 * d, d);
    return norms + attention + feedForward;
}

void ParameterCounter::transformerBlockMatrices(const TransformerConfig& c, TransformerCount& count)
{
    const std::int64_t d = c.hiddenSize();
    const std::int64_t e = c.timeEmbedDim;
    // norm1/norm2 linear [6D, E]; to_q/k/v and to_out.0 [D, D]; ff net.0.proj [4D, D], net.2 [D, 4D].
    count.perBlockMatrixElements = 2 * 6 * d * e + 4 * d * d + 2 * 4 * d * d;
    count.perBlockMatrixRows = 2 * 6 * d + 4 * d + 4 * d + d;
}

std::int64_t ParameterCounter::positionalTable(const TransformerConfig& c)
{
    // CogVideoXPatchEmbed: max_text_seq_length + the config's sample grid in patches.
    const std::int64_t frames = (c.sampleFrames - 1) / c.temporalCompressionRatio + 1;
    const std::int64_t patchFrames = c.patchSizeT > 0 ? frames / c.patchSizeT : frames;
    const std::int64_t patches = patchFrames * (c.sampleHeight / c.patchSize) * (c.sampleWidth / c.patchSize);
    return (c.maxTextSeqLength + patches) * c.hiddenSize();
}

std::int64_t ParameterCounter::patchEmbed(const TransformerConfig& c)
{
    const std::int64_t d = c.hiddenSize();
    const std::int64_t p = c.patchSize;
    // 1.0: Conv2d(in, D, p, p, bias=patch_bias); 1.5: Linear(in * p * p * p_t, D), always biased.
    const std::int64_t patchVolume = c.inChannels * p * p * (c.patchSizeT > 0 ? c.patchSizeT : 1);
    std::int64_t count = linear(patchVolume, d, c.patchSizeT > 0 || c.patchBias) + linear(c.textEmbedDim, d);
    if (c.useLearnedPositionalEmbeddings)
        count += positionalTable(c); // stored (persistent buffer) only when learned
    return count;
}

TransformerCount ParameterCounter::transformer(const TransformerConfig& c)
{
    const std::int64_t d = c.hiddenSize();
    const std::int64_t e = c.timeEmbedDim;
    const std::int64_t p = c.patchSize;
    TransformerCount count;
    count.blockCount = c.numLayers;
    count.perBlockElements = transformerBlock(c);
    transformerBlockMatrices(c, count);
    count.baseElements = patchEmbed(c) + linear(d, e) + linear(e, e);   // time_embedding
    if (c.ofsEmbedDim > 0)
        count.baseElements += 2 * linear(c.ofsEmbedDim, c.ofsEmbedDim); // ofs_embedding (1.5 I2V)
    count.baseElements += layerNorm(d, c.normElementwiseAffine);        // norm_final
    count.baseElements += linear(e, 2 * d) + layerNorm(d, c.normElementwiseAffine); // norm_out (AdaLayerNorm)
    const std::int64_t outVolume = p * p * (c.patchSizeT > 0 ? c.patchSizeT : 1) * c.outChannels;
    count.baseElements += linear(d, outVolume);                         // proj_out
    // Sincos positions (not RoPE) live in a non-persistent buffer built at construction.
    if (!c.useRotaryPositionalEmbeddings && !c.useLearnedPositionalEmbeddings)
        count.bufferElements = positionalTable(c);
    return count;
}

std::int64_t ParameterCounter::vaeResnet(std::int64_t in, std::int64_t out, std::int64_t zq)
{
    // GroupNorm, or CogVideoXSpatialNorm3D (GroupNorm + 1x1x1 conv_y and conv_b from zq).
    auto norm = [zq](std::int64_t channels) { return 2 * channels + (zq > 0 ? 2 * conv(zq, channels, 1) : 0); };
    std::int64_t count = norm(in) + conv(in, out, 27) + norm(out) + conv(out, out, 27);
    if (in != out)
        count += conv(in, out, 1); // conv_shortcut (1x1x1 SafeConv3d)
    return count;
}

std::int64_t ParameterCounter::vaeEncoder(const VaeConfig& c)
{
    const auto& ch = c.blockOutChannels;
    std::int64_t count = conv(c.inChannels, ch[0], 27);
    std::int64_t previous = ch[0];
    for (std::size_t i = 0; i < ch.size(); ++i) {
        for (int layer = 0; layer < c.layersPerBlock; ++layer)
            count += vaeResnet(layer == 0 ? previous : ch[i], ch[i], 0);
        if (i + 1 < ch.size())
            count += conv(ch[i], ch[i], 9); // CogVideoXDownsample3D: Conv2d 3x3
        previous = ch[i];
    }
    count += 2 * vaeResnet(ch.back(), ch.back(), 0);       // mid_block
    count += 2 * ch.back();                                  // norm_out
    count += conv(ch.back(), 2 * c.latentChannels, 27);      // conv_out: mean and logvar
    return count;
}

std::int64_t ParameterCounter::vaeDecoder(const VaeConfig& c)
{
    std::vector<std::int64_t> ch(c.blockOutChannels.rbegin(), c.blockOutChannels.rend());
    const std::int64_t zq = c.latentChannels;
    std::int64_t count = conv(zq, ch[0], 27);
    count += 2 * vaeResnet(ch[0], ch[0], zq);                // mid_block
    std::int64_t previous = ch[0];
    for (std::size_t i = 0; i < ch.size(); ++i) {
        for (int layer = 0; layer < c.layersPerBlock + 1; ++layer)
            count += vaeResnet(layer == 0 ? previous : ch[i], ch[i], zq);
        if (i + 1 < ch.size())
            count += conv(ch[i], ch[i], 9); // CogVideoXUpsample3D: Conv2d 3x3
        previous = ch[i];
    }
    count += 2 * ch.back() + 2 * conv(zq, ch.back(), 1);     // norm_out (spatial norm)
    count += conv(ch.back(), c.outChannels, 27);             // conv_out
    return count;
}

std::int64_t ParameterCounter::vae(const VaeConfig& c)
{
    std::int64_t count = vaeEncoder(c) + vaeDecoder(c);
    if (c.useQuantConv)
        count += conv(2 * c.outChannels, 2 * c.outChannels, 1);
    if (c.usePostQuantConv)
        count += conv(c.outChannels, c.outChannels, 1);
    return count;
}

std::int64_t ParameterCounter::textEncoder(const TextEncoderConfig& c)
{
    const std::int64_t d = c.dModel;
    const std::int64_t inner = static_cast<std::int64_t>(c.numHeads) * c.dKv;
    const std::int64_t attention = 4 * d * inner + d;                         // q, k, v, o + layer_norm
    const std::int64_t feedForward = (c.isGatedAct ? 2 : 1) * d * c.dFf + c.dFf * d + d; // wi(_0, _1), wo + layer_norm
    std::int64_t count = static_cast<std::int64_t>(c.vocabSize) * d;          // shared == embed_tokens
    count += c.numLayers * (attention + feedForward);
    count += static_cast<std::int64_t>(c.relativeAttentionNumBuckets) * c.numHeads; // block 0 only
    count += d;                                                               // final_layer_norm
    return count;
}

} // namespace framesmith
