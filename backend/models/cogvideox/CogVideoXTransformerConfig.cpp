#include "models/cogvideox/CogVideoXTransformerConfig.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace framesmith {

namespace {

using nlohmann::json;

struct Reader {
    const json& j;
    const std::string& origin;

    void fail(const std::string& key, const std::string& problem) const
    {
        throw FileError(ErrorCode::BadFile, origin, "key \"" + key + "\": " + problem);
    }
    // Integers are range-checked on the value as written (before narrowing): sizes beyond these
    // bounds exist in no checkpoint and would only make the port allocate without end.
    void read(const char* key, int& out, std::int64_t lo, std::int64_t hi) const { readConfigInt(j, key, out, lo, hi, origin); }
    void read(const char* key, double& out) const
    {
        auto it = j.find(key);
        if (it == j.end())
            return;
        if (!it->is_number())
            fail(key, "expected a number");
        out = it->get<double>();
    }
    void read(const char* key, bool& out) const
    {
        auto it = j.find(key);
        if (it == j.end())
            return;
        if (!it->is_boolean())
            fail(key, "expected true or false");
        out = it->get<bool>();
    }
    void read(const char* key, std::string& out) const
    {
        auto it = j.find(key);
        if (it == j.end())
            return;
        if (!it->is_string())
            fail(key, "expected a string");
        out = it->get<std::string>();
    }
    // null and absent both mean "not used"; 0 too (diffusers tests `if ofs_embed_dim:`).
    void read(const char* key, std::optional<int>& out, std::int64_t hi) const
    {
        int v = 0;
        readConfigInt(j, key, v, 0, hi, origin);
        if (v != 0)
            out = v;
    }
};

void readAll(const Reader& r, CogVideoXTransformerConfig& c)
{
    r.read("num_attention_heads", c.numAttentionHeads, 1, 1024);
    r.read("attention_head_dim", c.attentionHeadDim, 1, 1024);
    r.read("in_channels", c.inChannels, 1, 1024);
    if (r.j.contains("out_channels") && r.j["out_channels"].is_null())
        r.fail("out_channels", "null is not supported (the reference cannot build proj_out either)");
    r.read("out_channels", c.outChannels, 1, 1024);
    r.read("flip_sin_to_cos", c.flipSinToCos);
    r.read("freq_shift", c.freqShift, -1000000, 1000000);
    r.read("time_embed_dim", c.timeEmbedDim, 1, 65536);
    r.read("ofs_embed_dim", c.ofsEmbedDim, 65536);
    r.read("text_embed_dim", c.textEmbedDim, 1, 65536);
    r.read("num_layers", c.numLayers, 1, 1024);
    r.read("dropout", c.dropout);
    r.read("attention_bias", c.attentionBias);
    r.read("sample_width", c.sampleWidth, 1, 4096);
    r.read("sample_height", c.sampleHeight, 1, 4096);
    r.read("sample_frames", c.sampleFrames, 1, 4096);
    r.read("patch_size", c.patchSize, 1, 64);
    r.read("patch_size_t", c.patchSizeT, 64);
    r.read("temporal_compression_ratio", c.temporalCompressionRatio, 1, 64);
    r.read("max_text_seq_length", c.maxTextSeqLength, 1, 16384);
    r.read("activation_fn", c.activationFn);
    r.read("timestep_activation_fn", c.timestepActivationFn);
    r.read("norm_elementwise_affine", c.normElementwiseAffine);
    r.read("norm_eps", c.normEps);
    r.read("spatial_interpolation_scale", c.spatialInterpolationScale);
    r.read("temporal_interpolation_scale", c.temporalInterpolationScale);
    r.read("use_rotary_positional_embeddings", c.useRotaryPositionalEmbeddings);
    r.read("use_learned_positional_embeddings", c.useLearnedPositionalEmbeddings);
    r.read("patch_bias", c.patchBias);
}

// The positional table CogVideoXPatchEmbed builds (sincos) or stores (learned) covers the text and
// the sample grid; bounded so a config cannot make construction allocate without end.
void validatePositionTable(const Reader& r, const CogVideoXTransformerConfig& c)
{
    if (!c.hasPositionTable())
        return;
    const std::int64_t patches = static_cast<std::int64_t>(c.sampleLatentFrames() / c.patchSizeTemporal()) *
                                 (c.sampleHeight / c.patchSize) * (c.sampleWidth / c.patchSize);
    const std::int64_t elements = (c.maxTextSeqLength + patches) * c.innerDim();
    if (elements > CogVideoXTransformerConfig::kMaxPositionTableElements)
        r.fail("sample_height", "sample_frames/height/width " + std::to_string(c.sampleFrames) + "/" +
                                    std::to_string(c.sampleHeight) + "/" + std::to_string(c.sampleWidth) +
                                    " with max_text_seq_length " + std::to_string(c.maxTextSeqLength) +
                                    " make a position table of " + std::to_string(elements) +
                                    " elements, above the limit " +
                                    std::to_string(CogVideoXTransformerConfig::kMaxPositionTableElements));
}

void validate(const Reader& r, const CogVideoXTransformerConfig& c)
{
    if (c.innerDim() > 65536)
        r.fail("num_attention_heads", "num_attention_heads x attention_head_dim = " + std::to_string(c.innerDim()) +
                                          ", above the limit 65536");
    if (c.attentionHeadDim % 8 != 0 && c.useRotaryPositionalEmbeddings)
        r.fail("attention_head_dim", "3D RoPE splits the head dim 2:3:3 and needs a multiple of 8");
    if (c.innerDim() % 4 != 0 && c.usesSincosPositions())
        r.fail("attention_head_dim", "the 3D sincos table needs a hidden size divisible by 4");
    if (!c.useRotaryPositionalEmbeddings && c.useLearnedPositionalEmbeddings)
        r.fail("use_learned_positional_embeddings", "learned positions without RoPE exist in no CogVideoX checkpoint");
    if (c.activationFn != "gelu-approximate" && c.activationFn != "gelu")
        throw Error(ErrorCode::UnsupportedModel, r.origin + ": activation_fn \"" + c.activationFn +
                                                     "\" is not supported (gelu, gelu-approximate)");
    if (c.timestepActivationFn != "silu")
        throw Error(ErrorCode::UnsupportedModel, r.origin + ": timestep_activation_fn \"" +
                                                     c.timestepActivationFn + "\" is not supported (silu)");
    validatePositionTable(r, c);
}

} // namespace

CogVideoXTransformerConfig CogVideoXTransformerConfig::fromJsonText(const std::string& text, const std::string& origin)
{
    return fromJson(JsonGuard::parse(text.data(), text.size(), 32, origin, "the transformer config"), origin);
}

CogVideoXTransformerConfig CogVideoXTransformerConfig::fromJson(const nlohmann::json& j, const std::string& origin)
{
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, origin, "not a JSON object");
    auto cls = j.find("_class_name");
    if (cls != j.end() && cls->is_string() && cls->get<std::string>() != "CogVideoXTransformer3DModel")
        throw Error(ErrorCode::UnsupportedModel,
                    origin + ": _class_name is \"" + cls->get<std::string>() + "\", expected CogVideoXTransformer3DModel");
    CogVideoXTransformerConfig c;
    Reader r{j, origin};
    readAll(r, c);
    validate(r, c);
    return c;
}

CogVideoXTransformerConfig CogVideoXTransformerConfig::fromFile(const std::string& configJsonPath)
{
    return fromJson(JsonGuard::readFile(configJsonPath), configJsonPath);
}

} // namespace framesmith
