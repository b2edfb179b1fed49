#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace framesmith {

namespace {

using nlohmann::json;

// null and absent both mean "not used"; 0 too (diffusers tests `if ofs_embed_dim:`).
void readOptional(const ConfigReader& r, const char* key, std::optional<int>& out, std::int64_t hi)
{
    int v = 0;
    r.integer(key, v, 0, hi);
    if (v != 0)
        out = v;
}

void readAll(const ConfigReader& r, CogVideoXTransformerConfig& c)
{
    r.integer("num_attention_heads", c.numAttentionHeads, 1, 1024);
    r.integer("attention_head_dim", c.attentionHeadDim, 1, 1024);
    r.integer("in_channels", c.inChannels, 1, 1024);
    if (r.object().contains("out_channels") && r.object()["out_channels"].is_null())
        r.fail("out_channels", "null is not supported (the reference cannot build proj_out either)");
    r.integer("out_channels", c.outChannels, 1, 1024);
    r.flag("flip_sin_to_cos", c.flipSinToCos);
    r.integer("freq_shift", c.freqShift, -1000000, 1000000);
    r.integer("time_embed_dim", c.timeEmbedDim, 1, 65536);
    readOptional(r, "ofs_embed_dim", c.ofsEmbedDim, 65536);
    r.integer("text_embed_dim", c.textEmbedDim, 1, 65536);
    r.integer("num_layers", c.numLayers, 1, 1024);
    r.number("dropout", c.dropout);
    r.flag("attention_bias", c.attentionBias);
    r.integer("sample_width", c.sampleWidth, 1, 4096);
    r.integer("sample_height", c.sampleHeight, 1, 4096);
    r.integer("sample_frames", c.sampleFrames, 1, 4096);
    r.integer("patch_size", c.patchSize, 1, 64);
    readOptional(r, "patch_size_t", c.patchSizeT, 64);
    r.integer("temporal_compression_ratio", c.temporalCompressionRatio, 1, 64);
    r.integer("max_text_seq_length", c.maxTextSeqLength, 1, 16384);
    r.text("activation_fn", c.activationFn);
    r.text("timestep_activation_fn", c.timestepActivationFn);
    r.flag("norm_elementwise_affine", c.normElementwiseAffine);
    r.number("norm_eps", c.normEps);
    r.number("spatial_interpolation_scale", c.spatialInterpolationScale);
    r.number("temporal_interpolation_scale", c.temporalInterpolationScale);
    r.flag("use_rotary_positional_embeddings", c.useRotaryPositionalEmbeddings);
    r.flag("use_learned_positional_embeddings", c.useLearnedPositionalEmbeddings);
    r.flag("patch_bias", c.patchBias);
}

// The positional table CogVideoXPatchEmbed builds (sincos) or stores (learned) covers the text and
// the sample grid; bounded so a config cannot make construction allocate without end.
void validatePositionTable(const ConfigReader& r, const CogVideoXTransformerConfig& c)
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

void validate(const ConfigReader& r, const CogVideoXTransformerConfig& c)
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
        throw Error(ErrorCode::UnsupportedModel, r.source() + ": activation_fn \"" + c.activationFn +
                                                     "\" is not supported (gelu, gelu-approximate)");
    if (c.timestepActivationFn != "silu")
        throw Error(ErrorCode::UnsupportedModel, r.source() + ": timestep_activation_fn \"" +
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
    const ConfigReader r(j, origin);
    readAll(r, c);
    validate(r, c);
    return c;
}

CogVideoXTransformerConfig CogVideoXTransformerConfig::fromFile(const std::string& configJsonPath)
{
    return fromJson(JsonGuard::readFile(configJsonPath), configJsonPath);
}

} // namespace framesmith
