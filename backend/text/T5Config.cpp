#include "text/T5Config.h"

#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace framesmith {

namespace {

std::int64_t positiveInt(const nlohmann::json& json, const char* key, std::int64_t fallback, const std::string& source)
{
    if (!json.contains(key))
        return fallback;
    if (!json[key].is_number_integer() || json[key].get<std::int64_t>() <= 0)
        throw FileError(ErrorCode::BadFile, source, std::string("\"") + key + "\" must be a positive integer");
    return json[key].get<std::int64_t>();
}

} // namespace

T5Config T5Config::fromFile(const std::string& configPath)
{
    std::ifstream in(configPath);
    if (!in)
        throw FileError(ErrorCode::MissingFile, configPath, "text encoder config not found");
    auto json = nlohmann::json::parse(in, nullptr, false);
    if (json.is_discarded() || !json.is_object())
        throw FileError(ErrorCode::BadFile, configPath, "not a JSON object");
    return fromJson(json, configPath);
}

T5Config T5Config::fromJson(const nlohmann::json& json, const std::string& source)
{
    T5Config c;
    c.vocabSize = positiveInt(json, "vocab_size", c.vocabSize, source);
    c.dModel = positiveInt(json, "d_model", c.dModel, source);
    c.dKv = positiveInt(json, "d_kv", c.dKv, source);
    c.dFf = positiveInt(json, "d_ff", c.dFf, source);
    c.numLayers = positiveInt(json, "num_layers", c.numLayers, source);
    c.numHeads = positiveInt(json, "num_heads", c.numHeads, source);
    c.relativeAttentionNumBuckets = positiveInt(json, "relative_attention_num_buckets", 32, source);
    c.relativeAttentionMaxDistance = positiveInt(json, "relative_attention_max_distance", 128, source);
    if (json.contains("layer_norm_epsilon")) {
        if (!json["layer_norm_epsilon"].is_number())
            throw FileError(ErrorCode::BadFile, source, "\"layer_norm_epsilon\" must be a number");
        c.layerNormEpsilon = json["layer_norm_epsilon"].get<double>();
    }
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
