#include "models/cogvideox/CogVideoXTransformerConfig.h"

#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

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
    void read(const char* key, int& out) const
    {
        auto it = j.find(key);
        if (it == j.end())
            return;
        if (!it->is_number_integer())
            fail(key, "expected an integer");
        out = it->get<int>();
    }
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
    void read(const char* key, std::optional<int>& out) const
    {
        auto it = j.find(key);
        if (it == j.end() || it->is_null())
            return;
        if (!it->is_number_integer())
            fail(key, "expected an integer or null");
        int v = it->get<int>();
        if (v != 0)
            out = v;
    }
};

void readAll(const Reader& r, CogVideoXTransformerConfig& c)
{
    r.read("num_attention_heads", c.numAttentionHeads);
    r.read("attention_head_dim", c.attentionHeadDim);
    r.read("in_channels", c.inChannels);
    if (r.j.contains("out_channels") && r.j["out_channels"].is_null())
        r.fail("out_channels", "null is not supported (the reference cannot build proj_out either)");
    r.read("out_channels", c.outChannels);
    r.read("flip_sin_to_cos", c.flipSinToCos);
    r.read("freq_shift", c.freqShift);
    r.read("time_embed_dim", c.timeEmbedDim);
    r.read("ofs_embed_dim", c.ofsEmbedDim);
    r.read("text_embed_dim", c.textEmbedDim);
    r.read("num_layers", c.numLayers);
    r.read("dropout", c.dropout);
    r.read("attention_bias", c.attentionBias);
    r.read("sample_width", c.sampleWidth);
    r.read("sample_height", c.sampleHeight);
    r.read("sample_frames", c.sampleFrames);
    r.read("patch_size", c.patchSize);
    r.read("patch_size_t", c.patchSizeT);
    r.read("temporal_compression_ratio", c.temporalCompressionRatio);
    r.read("max_text_seq_length", c.maxTextSeqLength);
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

void validate(const Reader& r, const CogVideoXTransformerConfig& c)
{
    auto positive = [&](const char* key, int v) {
        if (v <= 0)
            r.fail(key, "must be positive, got " + std::to_string(v));
    };
    positive("num_attention_heads", c.numAttentionHeads);
    positive("attention_head_dim", c.attentionHeadDim);
    positive("in_channels", c.inChannels);
    positive("out_channels", c.outChannels);
    positive("time_embed_dim", c.timeEmbedDim);
    positive("text_embed_dim", c.textEmbedDim);
    positive("num_layers", c.numLayers);
    positive("patch_size", c.patchSize);
    positive("temporal_compression_ratio", c.temporalCompressionRatio);
    positive("max_text_seq_length", c.maxTextSeqLength);
    if (c.patchSizeT && *c.patchSizeT < 0)
        r.fail("patch_size_t", "must be positive");
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
}

} // namespace

CogVideoXTransformerConfig CogVideoXTransformerConfig::fromJsonText(const std::string& text, const std::string& origin)
{
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
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
    std::ifstream in(configJsonPath, std::ios::binary);
    if (!in)
        throw FileError(ErrorCode::MissingFile, configJsonPath, "cannot open the transformer config");
    std::ostringstream s;
    s << in.rdbuf();
    return fromJsonText(s.str(), configJsonPath);
}

} // namespace framesmith
