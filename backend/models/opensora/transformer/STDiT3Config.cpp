#include "models/opensora/transformer/STDiT3Config.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <vector>

namespace framesmith {

namespace {

using nlohmann::json;

// (0, high]: the smallest positive double as the closed bound.
constexpr double kAboveZero = std::numeric_limits<double>::denorm_min();

void readPatch(const ConfigReader& r, std::array<int, 3>& out)
{
    std::vector<std::int64_t> values;
    r.integers("patch_size", values, 1, 16, 3, 3); // [t, h, w]
    for (std::size_t i = 0; i < values.size(); ++i)
        out[i] = static_cast<int>(values[i]);
}

void readAll(const ConfigReader& r, STDiT3Config& c)
{
    r.integer("hidden_size", c.hiddenSize, 4, 16384);
    r.integer("depth", c.depth, 1, 256);
    r.integer("num_heads", c.numHeads, 1, 1024);
    r.number("mlp_ratio", c.mlpRatio, kAboveZero, 64.0);
    readPatch(r, c.patchSize);
    r.integer("in_channels", c.inChannels, 1, 1024);
    r.flag("pred_sigma", c.predSigma);
    r.integer("caption_channels", c.captionChannels, 1, 65536);
    r.integer("model_max_length", c.modelMaxLength, 1, 4096);
    r.number("input_sq_size", c.inputSqSize, kAboveZero, 1e6);
    r.flag("qk_norm", c.qkNorm);
}

void validate(const ConfigReader& r, const STDiT3Config& c)
{
    if (c.hiddenSize % c.numHeads != 0)
        r.fail("num_heads", std::to_string(c.numHeads) + " does not divide hidden_size " + std::to_string(c.hiddenSize));
    // PositionEmbedding2D: sin and cos of x and of y, each a quarter of the channels.
    if (c.hiddenSize % 4 != 0)
        r.fail("hidden_size", std::to_string(c.hiddenSize) + " is not divisible by 4 (the 2-D position table)");
    if (c.mlpHidden() < 1)
        r.fail("mlp_ratio", "gives an MLP of " + std::to_string(c.mlpHidden()) + " features");
    bool skip = false;
    r.flag("skip_y_embedder", skip);
    if (skip) // no released checkpoint uses it: the caption MLP would be bypassed and mask read as lengths
        throw Error(ErrorCode::UnsupportedModel, r.source() + ": skip_y_embedder true is not supported");
}

STDiT3Config fromObject(const json& j, const std::string& origin)
{
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, origin, "not a JSON object");
    auto type = j.find("model_type");
    if (type != j.end() && (!type->is_string() || type->get<std::string>() != "STDiT3"))
        throw Error(ErrorCode::UnsupportedModel, origin + ": model_type is " + type->dump() + ", expected \"STDiT3\"");
    STDiT3Config c;
    const ConfigReader r(j, origin);
    readAll(r, c);
    validate(r, c);
    return c;
}

} // namespace

STDiT3Config STDiT3Config::fromJson(const std::string& jsonText, const std::string& origin)
{
    return fromObject(JsonGuard::parse(jsonText.data(), jsonText.size(), 32, origin, "STDiT3 config"), origin);
}

STDiT3Config STDiT3Config::fromFile(const std::string& configJsonPath)
{
    return fromObject(JsonGuard::readFile(configJsonPath), configJsonPath);
}

} // namespace framesmith
