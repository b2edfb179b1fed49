#include "models/opensora/stdit3/STDiT3Config.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace framesmith {

namespace {

using nlohmann::json;

// Reads one key, keeping the default when it is absent or null; a wrong type or a value outside
// [low, high] is a BadFile error naming the file, key, value and bound.
struct Reader {
    const json& j;
    const std::string& origin;

    [[noreturn]] void fail(const std::string& key, const std::string& problem) const
    {
        throw FileError(ErrorCode::BadFile, origin, "key \"" + key + "\": " + problem);
    }
    const json* find(const char* key) const
    {
        auto it = j.find(key);
        return it == j.end() || it->is_null() ? nullptr : &*it;
    }
    std::int64_t integer(const std::string& key, const json& v, std::int64_t low, std::int64_t high) const
    {
        if (!v.is_number_integer())
            fail(key, "expected an integer, got " + v.dump());
        // Unsigned values above int64 range read as negative here and fail the bound below.
        const std::int64_t n = v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX ? -1 : v.get<std::int64_t>();
        if (n < low || n > high)
            fail(key, "value " + v.dump() + " is outside [" + std::to_string(low) + ", " + std::to_string(high) + "]");
        return n;
    }
    void read(const char* key, int& out, int low, int high) const
    {
        if (const json* v = find(key))
            out = static_cast<int>(integer(key, *v, low, high));
    }
    void read(const char* key, double& out, double low, double high) const
    {
        const json* v = find(key);
        if (!v)
            return;
        if (!v->is_number())
            fail(key, "expected a number, got " + v->dump());
        const double x = v->get<double>();
        if (!(x > low && x <= high))
            fail(key, "value " + v->dump() + " is outside (" + std::to_string(low) + ", " + std::to_string(high) + "]");
        out = x;
    }
    void read(const char* key, bool& out) const
    {
        const json* v = find(key);
        if (!v)
            return;
        if (!v->is_boolean())
            fail(key, "expected true or false, got " + v->dump());
        out = v->get<bool>();
    }
    void readPatch(std::array<int, 3>& out) const
    {
        const json* v = find("patch_size");
        if (!v)
            return;
        if (!v->is_array() || v->size() != 3)
            fail("patch_size", "expected [t, h, w], got " + v->dump());
        for (int i = 0; i < 3; ++i)
            out[i] = static_cast<int>(integer("patch_size[" + std::to_string(i) + "]", (*v)[i], 1, 16));
    }
};

void readAll(const Reader& r, STDiT3Config& c)
{
    r.read("hidden_size", c.hiddenSize, 4, 16384);
    r.read("depth", c.depth, 1, 256);
    r.read("num_heads", c.numHeads, 1, 1024);
    r.read("mlp_ratio", c.mlpRatio, 0.0, 64.0);
    r.readPatch(c.patchSize);
    r.read("in_channels", c.inChannels, 1, 1024);
    r.read("pred_sigma", c.predSigma);
    r.read("caption_channels", c.captionChannels, 1, 65536);
    r.read("model_max_length", c.modelMaxLength, 1, 4096);
    r.read("input_sq_size", c.inputSqSize, 0.0, 1e6);
    r.read("qk_norm", c.qkNorm);
}

void validate(const Reader& r, const STDiT3Config& c)
{
    if (c.hiddenSize % c.numHeads != 0)
        r.fail("num_heads", std::to_string(c.numHeads) + " does not divide hidden_size " + std::to_string(c.hiddenSize));
    // PositionEmbedding2D: sin and cos of x and of y, each a quarter of the channels.
    if (c.hiddenSize % 4 != 0)
        r.fail("hidden_size", std::to_string(c.hiddenSize) + " is not divisible by 4 (the 2-D position table)");
    if (c.mlpHidden() < 1)
        r.fail("mlp_ratio", "gives an MLP of " + std::to_string(c.mlpHidden()) + " features");
    bool skip = false;
    r.read("skip_y_embedder", skip);
    if (skip) // no released checkpoint uses it: the caption MLP would be bypassed and mask read as lengths
        throw Error(ErrorCode::UnsupportedModel, r.origin + ": skip_y_embedder true is not supported");
}

STDiT3Config fromObject(const json& j, const std::string& origin)
{
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, origin, "not a JSON object");
    auto type = j.find("model_type");
    if (type != j.end() && (!type->is_string() || type->get<std::string>() != "STDiT3"))
        throw Error(ErrorCode::UnsupportedModel, origin + ": model_type is " + type->dump() + ", expected \"STDiT3\"");
    STDiT3Config c;
    Reader r{j, origin};
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
