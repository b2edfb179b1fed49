#include "models/cogvideox/planning/CogVideoXParameterCounter.h"

#include <vector>

namespace framesmith {
namespace {

std::int64_t linear(std::int64_t in, std::int64_t out, bool bias = true) { return in * out + (bias ? out : 0); }
std::int64_t layerNorm(std::int64_t dim, bool affine = true) { return affine ? 2 * dim : 0; }
std::int64_t conv(std::int64_t in, std::int64_t out, std::int64_t kernelVolume) { return in * out * kernelVolume + out; }

} // namespace

std::int64_t CogVideoXParameterCounter::transformerBlock(const CogVideoXTransformerConfig& c)
{
    const std::int64_t d = c.innerDim();
    const std::int64_t e = c.timeEmbedDim;
    // CogVideoXLayerNormZero: Linear(E, 6D) + LayerNorm(D); one for norm1 and one for norm2.
    const std::int64_t norms = 2 * (linear(e, 6 * d) + layerNorm(d, c.normElementwiseAffine));
    // Attention: to_q/k/v (attention_bias), per-head q/k LayerNorm, to_out.0 (always biased).
    const std::int64_t attention = 3 * linear(d, d, c.attentionBias) + 2 * layerNorm(c.attentionHeadDim) + linear(d, d);
    // FeedForward gelu-approximate, inner 4D: net.0.proj and net.2.
    const std::int64_t feedForward = linear(d, 4 * d) + linear(4 * d, d);
    return norms + attention + feedForward;
}

void CogVideoXParameterCounter::transformerBlockMatrices(const CogVideoXTransformerConfig& c, TransformerCount& count)
{
    const std::int64_t d = c.innerDim();
    const std::int64_t e = c.timeEmbedDim;
    // norm1/norm2 linear [6D, E]; to_q/k/v and to_out.0 [D, D]; ff net.0.proj [4D, D], net.2 [D, 4D].
    count.perBlockMatrixElements = 2 * 6 * d * e + 4 * d * d + 2 * 4 * d * d;
    count.perBlockMatrixRows = 2 * 6 * d + 4 * d + 4 * d + d;
}

std::int64_t CogVideoXParameterCounter::positionalTable(const CogVideoXTransformerConfig& c)
{
    // CogVideoXPatchEmbed: max_text_seq_length + the config's sample grid in patches.
    const std::int64_t frames = c.sampleLatentFrames();
    const std::int64_t patchFrames = frames / c.patchSizeTemporal();
    const std::int64_t patches = patchFrames * (c.sampleHeight / c.patchSize) * (c.sampleWidth / c.patchSize);
    return (c.maxTextSeqLength + patches) * c.innerDim();
}

std::int64_t CogVideoXParameterCounter::patchEmbed(const CogVideoXTransformerConfig& c)
{
    const std::int64_t d = c.innerDim();
    const std::int64_t p = c.patchSize;
    // 1.0: Conv2d(in, D, p, p, bias=patch_bias); 1.5: Linear(in * p * p * p_t, D), always biased.
    const std::int64_t patchVolume = c.inChannels * p * p * c.patchSizeTemporal();
    std::int64_t count = linear(patchVolume, d, c.patchSizeT.has_value() || c.patchBias) + linear(c.textEmbedDim, d);
    if (c.useLearnedPositionalEmbeddings)
        count += positionalTable(c); // stored (persistent buffer) only when learned
    return count;
}

TransformerCount CogVideoXParameterCounter::transformer(const CogVideoXTransformerConfig& c)
{
    const std::int64_t d = c.innerDim();
    const std::int64_t e = c.timeEmbedDim;
    const std::int64_t p = c.patchSize;
    TransformerCount count;
    count.blockCount = c.numLayers;
    count.perBlockElements = transformerBlock(c);
    transformerBlockMatrices(c, count);
    count.baseElements = patchEmbed(c) + linear(d, e) + linear(e, e); // time_embedding
    if (c.ofsEmbedDim)
        count.baseElements += 2 * linear(*c.ofsEmbedDim, *c.ofsEmbedDim); // ofs_embedding (1.5 I2V)
    count.baseElements += layerNorm(d, c.normElementwiseAffine);          // norm_final
    count.baseElements += linear(e, 2 * d) + layerNorm(d, c.normElementwiseAffine); // norm_out (AdaLayerNorm)
    const std::int64_t outVolume = p * p * c.patchSizeTemporal() * c.outChannels;
    count.baseElements += linear(d, outVolume); // proj_out
    // Sincos positions (not RoPE) live in a non-persistent buffer built at construction.
    if (!c.useRotaryPositionalEmbeddings && !c.useLearnedPositionalEmbeddings)
        count.bufferElements = positionalTable(c);
    return count;
}

std::int64_t CogVideoXParameterCounter::vaeResnet(std::int64_t in, std::int64_t out, std::int64_t zq)
{
    // GroupNorm, or CogVideoXSpatialNorm3D (GroupNorm + 1x1x1 conv_y and conv_b from zq).
    auto norm = [zq](std::int64_t channels) { return 2 * channels + (zq > 0 ? 2 * conv(zq, channels, 1) : 0); };
    std::int64_t count = norm(in) + conv(in, out, 27) + norm(out) + conv(out, out, 27);
    if (in != out)
        count += conv(in, out, 1); // conv_shortcut (1x1x1 SafeConv3d)
    return count;
}

std::int64_t CogVideoXParameterCounter::vaeEncoder(const CogVideoXVaeConfig& c)
{
    const auto& ch = c.blockOutChannels;
    std::int64_t count = conv(c.inChannels, ch[0], 27);
    std::int64_t previous = ch[0];
    for (std::size_t i = 0; i < ch.size(); ++i) {
        for (std::int64_t layer = 0; layer < c.layersPerBlock; ++layer)
            count += vaeResnet(layer == 0 ? previous : ch[i], ch[i], 0);
        if (i + 1 < ch.size())
            count += conv(ch[i], ch[i], 9); // CogVideoXDownsample3D: Conv2d 3x3
        previous = ch[i];
    }
    count += 2 * vaeResnet(ch.back(), ch.back(), 0);  // mid_block
    count += 2 * ch.back();                            // norm_out
    count += conv(ch.back(), 2 * c.latentChannels, 27); // conv_out: mean and logvar
    return count;
}

std::int64_t CogVideoXParameterCounter::vaeDecoder(const CogVideoXVaeConfig& c)
{
    std::vector<std::int64_t> ch(c.blockOutChannels.rbegin(), c.blockOutChannels.rend());
    const std::int64_t zq = c.latentChannels;
    std::int64_t count = conv(zq, ch[0], 27);
    count += 2 * vaeResnet(ch[0], ch[0], zq); // mid_block
    std::int64_t previous = ch[0];
    for (std::size_t i = 0; i < ch.size(); ++i) {
        for (std::int64_t layer = 0; layer < c.layersPerBlock + 1; ++layer)
            count += vaeResnet(layer == 0 ? previous : ch[i], ch[i], zq);
        if (i + 1 < ch.size())
            count += conv(ch[i], ch[i], 9); // CogVideoXUpsample3D: Conv2d 3x3
        previous = ch[i];
    }
    count += 2 * ch.back() + 2 * conv(zq, ch.back(), 1); // norm_out (spatial norm)
    count += conv(ch.back(), c.outChannels, 27);         // conv_out
    return count;
}

std::int64_t CogVideoXParameterCounter::vae(const CogVideoXVaeConfig& c)
{
    // use_quant_conv / use_post_quant_conv are refused by CogVideoXVaeConfig (no checkpoint has them).
    return vaeEncoder(c) + vaeDecoder(c);
}

} // namespace framesmith
