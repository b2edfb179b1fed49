#include "models/wan/transformer/WanTransformerConfig.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

namespace framesmith {

namespace {

constexpr std::int64_t kMaxWidth = 1 << 16;

void readOptionalInt(const nlohmann::json& j, const char* key, std::optional<std::int64_t>& out, const std::string& origin)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return;
    std::int64_t value = 0;
    readConfigInt(j, key, value, 1, kMaxWidth, origin);
    out = value;
}

void readPatch(const nlohmann::json& j, std::array<std::int64_t, 3>& out, const std::string& origin)
{
    auto it = j.find("patch_size");
    if (it == j.end() || it->is_null())
        return;
    if (!it->is_array() || it->size() != 3)
        throw FileError(ErrorCode::BadFile, origin, "config key 'patch_size' must be [t, h, w], got " + it->dump());
    for (std::size_t i = 0; i < 3; ++i) {
        const nlohmann::json one = {{"patch_size", (*it)[i]}};
        readConfigInt(one, "patch_size", out[i], 1, 16, origin);
    }
}

} // namespace

WanTransformerConfig WanTransformerConfig::fromFile(const std::string& path)
{
    const nlohmann::json j = JsonGuard::readFile(path);
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, path, "expected a JSON object");
    WanTransformerConfig c;
    readPatch(j, c.patchSize, path);
    readConfigInt(j, "num_attention_heads", c.numAttentionHeads, 1, 1024, path);
    readConfigInt(j, "attention_head_dim", c.attentionHeadDim, 6, 4096, path);
    readConfigInt(j, "in_channels", c.inChannels, 1, 4096, path);
    c.outChannels = c.inChannels; // out_channels or in_channels
    readConfigInt(j, "out_channels", c.outChannels, 0, 4096, path);
    if (c.outChannels == 0)
        c.outChannels = c.inChannels;
    readConfigInt(j, "text_dim", c.textDim, 1, kMaxWidth, path);
    readConfigInt(j, "freq_dim", c.freqDim, 2, kMaxWidth, path);
    readConfigInt(j, "ffn_dim", c.ffnDim, 1, 1 << 20, path);
    readConfigInt(j, "num_layers", c.numLayers, 1, 1024, path);
    readConfigKey(j, "cross_attn_norm", c.crossAttnNorm, path);
    readConfigKey(j, "qk_norm", c.qkNorm, path);
    readConfigNumber(j, "eps", c.eps, 0.0, 1.0, path);
    readOptionalInt(j, "image_dim", c.imageDim, path);
    readOptionalInt(j, "added_kv_proj_dim", c.addedKvProjDim, path);
    readConfigInt(j, "rope_max_seq_len", c.ropeMaxSeqLen, 1, 1 << 20, path);
    readOptionalInt(j, "pos_embed_seq_len", c.posEmbedSeqLen, path);

    // diffusers builds RMSNorm q/k norms whatever qk_norm says; only the across-heads form is published.
    if (c.qkNorm != "rms_norm_across_heads")
        throw FileError(ErrorCode::BadFile, path,
                        "qk_norm \"" + c.qkNorm + "\" is not supported (expected \"rms_norm_across_heads\")");
    if (c.posEmbedSeqLen)
        throw FileError(ErrorCode::BadFile, path, "pos_embed_seq_len is set: Wan 2.1 FLF2V is not supported yet");
    if (c.addedKvProjDim && !c.imageDim)
        throw FileError(ErrorCode::BadFile, path, "added_kv_proj_dim needs image_dim (the image embedder feeds it)");
    if (c.addedKvProjDim && *c.addedKvProjDim != c.innerDim())
        throw FileError(ErrorCode::BadFile, path, "added_kv_proj_dim " + std::to_string(*c.addedKvProjDim) +
                                                      " must equal num_attention_heads x attention_head_dim = " +
                                                      std::to_string(c.innerDim()) + " (the image embedder's width)");
    return c;
}

} // namespace framesmith
