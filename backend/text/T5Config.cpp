#include "text/T5Config.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

namespace framesmith {

namespace {

// A positive integer no real T5 comes near `hi` of (T5-XXL: d_ff 10240, 24 layers, 64 heads);
// checked as written, before anything is sized from it.
std::int64_t positiveInt(const nlohmann::json& json, const char* key, std::int64_t fallback, std::int64_t hi,
                         const std::string& source)
{
    std::int64_t value = fallback;
    readConfigInt(json, key, value, 1, hi, source);
    return value;
}

} // namespace

T5Config T5Config::fromFile(const std::string& configPath)
{
    return fromJson(JsonGuard::readFile(configPath), configPath);
}

T5Config T5Config::fromJson(const nlohmann::json& json, const std::string& source)
{
    if (!json.is_object())
        throw FileError(ErrorCode::BadFile, source, "not a JSON object");
    T5Config c;
    c.vocabSize = positiveInt(json, "vocab_size", c.vocabSize, 10'000'000, source);
    c.dModel = positiveInt(json, "d_model", c.dModel, 65536, source);
    c.dKv = positiveInt(json, "d_kv", c.dKv, 4096, source);
    c.dFf = positiveInt(json, "d_ff", c.dFf, 1 << 20, source);
    c.numLayers = positiveInt(json, "num_layers", c.numLayers, 1024, source);
    c.numHeads = positiveInt(json, "num_heads", c.numHeads, 1024, source);
    c.relativeAttentionNumBuckets = positiveInt(json, "relative_attention_num_buckets", 32, 4096, source);
    c.relativeAttentionMaxDistance = positiveInt(json, "relative_attention_max_distance", 128, 1 << 20, source);
    readConfigNumber(json, "layer_norm_epsilon", c.layerNormEpsilon, 0.0, 1.0, source);
    // AutoConfig picks the config class by model_type: "umt5" is UMT5Config, whose attention layers
    // all have has_relative_attention_bias=True (modeling_umt5.UMT5Block). UMT5EncoderModel's
    // from_pretrained reads a config without model_type as UMT5Config too: its architectures say so.
    c.hasRelativeBiasPerLayer = json.contains("model_type") && json["model_type"] == "umt5";
    if (!json.contains("model_type") && json.contains("architectures") && json["architectures"].is_array())
        for (const auto& name : json["architectures"])
            if (name.is_string() && name.get<std::string>().rfind("UMT5", 0) == 0)
                c.hasRelativeBiasPerLayer = true;
    // transformers T5Config: feed_forward_proj "gated-ACT" or "ACT"; "gated-gelu" means gelu_new.
    std::string projection = json.contains("feed_forward_proj") && json["feed_forward_proj"].is_string()
                                 ? json["feed_forward_proj"].get<std::string>()
                                 : std::string("relu");
    c.isGatedAct = projection.rfind("gated-", 0) == 0;
    c.denseActFn = c.isGatedAct ? projection.substr(6) : projection;
    if (projection == "gated-gelu")
        c.denseActFn = "gelu_new";
    if (c.denseActFn != "gelu_new" && c.denseActFn != "gelu" && c.denseActFn != "relu")
        throw Error(ErrorCode::UnsupportedModel,
                    source + ": feed_forward_proj \"" + projection + "\" is not supported (gated-gelu, gelu, relu)");
    return c;
}

} // namespace framesmith
