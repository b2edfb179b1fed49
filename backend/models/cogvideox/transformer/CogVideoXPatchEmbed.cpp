#include "models/cogvideox/transformer/CogVideoXPatchEmbed.h"

#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXSincosPositions.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXPatchEmbed::CogVideoXPatchEmbed(const CogVideoXTransformerConfig& c) : m_config(c)
{
    const int p = c.patchSize, dim = c.innerDim();
    if (!c.patchSizeT)
        m_conv = registerModule("proj", std::make_shared<Conv2d>(c.inChannels, dim, std::array<std::int64_t, 2>{p, p},
                                                                 std::array<std::int64_t, 2>{p, p},
                                                                 std::array<std::int64_t, 2>{0, 0}, c.patchBias));
    else // diffusers ignores patch_bias for the 1.5 Linear: it always has a bias
        m_linear = registerModule("proj", std::make_shared<Linear>(c.inChannels * p * p * *c.patchSizeT, dim));
    m_textProj = registerModule("text_proj", std::make_shared<Linear>(c.textEmbedDim, dim));
    if (c.useLearnedPositionalEmbeddings) {
        const std::int64_t tokens = static_cast<std::int64_t>(c.sampleLatentFrames()) * (c.sampleHeight / p) *
                                    (c.sampleWidth / p);
        registerParameter("pos_embedding", &pos_embedding, {1, c.maxTextSeqLength + tokens, dim});
    } else if (c.usesSincosPositions()) {
        // Built at construction for the sample size, like the reference's non-persistent buffer.
        sincosTable(c.sampleLatentFrames(), c.sampleHeight, c.sampleWidth, c.maxTextSeqLength, at::kFloat,
                    c10::Device(c10::kCPU));
    }
}

at::Tensor CogVideoXPatchEmbed::patchify(const at::Tensor& video) const
{
    const std::int64_t B = video.size(0), F = video.size(1), C = video.size(2), H = video.size(3), W = video.size(4);
    const std::int64_t p = m_config.patchSize;
    if (!m_config.patchSizeT) {
        at::Tensor x = m_conv->forward(video.reshape({B * F, C, H, W}));        // [B*F, D, H/p, W/p]
        return x.view({B, F, x.size(1), -1}).permute({0, 1, 3, 2}).reshape({B, -1, x.size(1)}); // [B, F*h*w, D]
    }
    const std::int64_t pt = *m_config.patchSizeT;
    // Features ordered (C, p_t, p_h, p_w), tokens (t, h, w) as diffusers' permute/flatten.
    at::Tensor x = video.view({B, F / pt, pt, C, H / p, p, W / p, p})
                       .permute({0, 1, 4, 6, 3, 2, 5, 7})
                       .reshape({B, (F / pt) * (H / p) * (W / p), C * pt * p * p});
    return m_linear->forward(x);
}

at::Tensor CogVideoXPatchEmbed::sincosTable(std::int64_t frames, std::int64_t height, std::int64_t width,
                                            std::int64_t textTokens, c10::ScalarType dtype, c10::Device device) const
{
    std::lock_guard<std::mutex> lock(m_cacheMutex);
    const std::array<std::int64_t, 4> key{frames, height, width, textTokens};
    if (key != m_cachedKey) {
        const std::int64_t p = m_config.patchSize;
        // float32 from float64 values, cast to the activation dtype when added (reference:
        // pos_embedding.to(embeds.dtype)). The previous table goes first: two would be the peak.
        m_cachedTable = at::Tensor();
        m_cachedOnDevice = at::Tensor();
        m_cachedTable = CogVideoXSincosPositions::jointTable(m_config.innerDim(), width / p, height / p, frames,
                                                             textTokens, m_config.spatialInterpolationScale,
                                                             m_config.temporalInterpolationScale);
        m_cachedKey = key;
        m_cachedOnDevice = at::Tensor();
    }
    if (!m_cachedOnDevice.defined() || m_cachedOnDevice.device() != device || m_cachedOnDevice.scalar_type() != dtype)
        m_cachedOnDevice = m_cachedTable.to(device, dtype);
    return m_cachedOnDevice;
}

at::Tensor CogVideoXPatchEmbed::positionTable(std::int64_t frames, std::int64_t height, std::int64_t width,
                                              std::int64_t textTokens, c10::ScalarType dtype, c10::Device device) const
{
    const auto& c = m_config;
    if (!c.hasPositionTable())
        return {};
    if (textTokens != c.maxTextSeqLength)
        throw InvalidRequestError("encoder_hidden_states", "the positional table needs exactly " +
                                                               std::to_string(c.maxTextSeqLength) + " text tokens, got " +
                                                               std::to_string(textTokens));
    const std::int64_t videoFrames = (frames - 1) * c.temporalCompressionRatio + 1;
    if (c.useLearnedPositionalEmbeddings) {
        // diffusers raises for another resolution; another frame count silently uses sincos.
        if (height != c.sampleHeight || width != c.sampleWidth)
            throw InvalidRequestError("size", "this model (learned positional embeddings) only runs at its sample size " +
                                                  std::to_string(c.sampleWidth * 8) + "x" +
                                                  std::to_string(c.sampleHeight * 8) + " px");
        if (videoFrames == c.sampleFrames)
            return pos_embedding.to(device, dtype);
    }
    return sincosTable(frames, height, width, textTokens, dtype, device);
}

at::Tensor CogVideoXPatchEmbed::forward(const at::Tensor& text, const at::Tensor& video, at::Tensor* positionsUsed) const
{
    at::Tensor embeds = at::cat({m_textProj->forward(text), patchify(video)}, 1); // [B, T + N, D]
    at::Tensor table = positionTable(video.size(1), video.size(3), video.size(4), text.size(1), embeds.scalar_type(),
                                     embeds.device());
    if (table.defined()) {
        if (table.size(1) != embeds.size(1))
            throw ShapeError("patch_embed.pos_embedding: table has " + std::to_string(table.size(1)) +
                             " tokens, the input " + std::to_string(embeds.size(1)));
        embeds.add_(table);
        if (positionsUsed)
            *positionsUsed = table;
    }
    return embeds;
}

} // namespace framesmith
