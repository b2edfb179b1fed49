#include "models/wan/transformer/WanTransformerConfig.h"

#include "core/ConfigReader.h"
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
    const ConfigReader r(j, origin);
    r.integer(key, value, 1, kMaxWidth);
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
        ConfigReader(one, origin).integer("patch_size", out[i], 1, 16);
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
    const ConfigReader r(j, path);
    r.integer("num_attention_heads", c.numAttentionHeads, 1, 1024);
    r.integer("attention_head_dim", c.attentionHeadDim, 6, 4096);
    r.integer("in_channels", c.inChannels, 1, 4096);
    c.outChannels = c.inChannels; // out_channels or in_channels
    r.integer("out_channels", c.outChannels, 0, 4096);
    if (c.outChannels == 0)
        c.outChannels = c.inChannels;
    r.integer("text_dim", c.textDim, 1, kMaxWidth);
    r.integer("freq_dim", c.freqDim, 2, kMaxWidth);
    r.integer("ffn_dim", c.ffnDim, 1, 1 << 20);
    r.integer("num_layers", c.numLayers, 1, 1024);
    r.value("cross_attn_norm", c.crossAttnNorm);
    r.value("qk_norm", c.qkNorm);
    r.number("eps", c.eps, 0.0, 1.0);
    readOptionalInt(j, "image_dim", c.imageDim, path);
    readOptionalInt(j, "added_kv_proj_dim", c.addedKvProjDim, path);
    r.integer("rope_max_seq_len", c.ropeMaxSeqLen, 1, 1 << 20);
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
