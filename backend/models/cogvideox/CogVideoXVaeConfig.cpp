#include "models/cogvideox/CogVideoXVaeConfig.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace framesmith {

namespace {

void requireBlockTypes(const nlohmann::json& j, const char* key, const std::string& expected, std::size_t count,
                       const std::string& source)
{
    auto it = j.find(key);
    if (it == j.end())
        return;
    if (!it->is_array() || it->size() != count)
        throw FileError(ErrorCode::UnsupportedModel, source,
                        std::string(key) + " must list one block per block_out_channels entry");
    for (const auto& type : *it)
        if (!type.is_string() || type.get<std::string>() != expected)
            throw FileError(ErrorCode::UnsupportedModel, source, std::string(key) + " may only hold " + expected);
}

} // namespace

int CogVideoXVaeConfig::temporalCompressLevel() const
{
    // diffusers: int(np.log2(temporal_compression_ratio))
    return static_cast<int>(std::floor(std::log2(temporalCompressionRatio)));
}

CogVideoXVaeConfig CogVideoXVaeConfig::fromJsonText(const std::string& text, const std::string& source)
{
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw FileError(ErrorCode::BadFile, source, "not a JSON object");
    CogVideoXVaeConfig c;
    readConfigKey(j, "in_channels", c.inChannels, source);
    readConfigKey(j, "out_channels", c.outChannels, source);
    readConfigKey(j, "block_out_channels", c.blockOutChannels, source);
    readConfigKey(j, "latent_channels", c.latentChannels, source);
    readConfigKey(j, "layers_per_block", c.layersPerBlock, source);
    readConfigKey(j, "norm_eps", c.normEps, source);
    readConfigKey(j, "norm_num_groups", c.normNumGroups, source);
    readConfigKey(j, "temporal_compression_ratio", c.temporalCompressionRatio, source);
    readConfigKey(j, "sample_height", c.sampleHeight, source);
    readConfigKey(j, "sample_width", c.sampleWidth, source);
    readConfigKey(j, "scaling_factor", c.scalingFactor, source);
    readConfigKey(j, "invert_scale_latents", c.invertScaleLatents, source);
    if (j.contains("shift_factor") && !j["shift_factor"].is_null()) {
        double shift = 0;
        readConfigKey(j, "shift_factor", shift, source);
        c.shiftFactor = shift;
    }
    if (c.blockOutChannels.size() < 2)
        throw FileError(ErrorCode::UnsupportedModel, source, "block_out_channels needs at least 2 entries");
    for (auto channels : c.blockOutChannels)
        if (channels <= 0 || channels % c.normNumGroups != 0)
            throw FileError(ErrorCode::UnsupportedModel, source,
                            "block_out_channels must be positive multiples of norm_num_groups");
    if (c.temporalCompressionRatio < 1)
        throw FileError(ErrorCode::UnsupportedModel, source, "temporal_compression_ratio must be >= 1");
    requireBlockTypes(j, "down_block_types", "CogVideoXDownBlock3D", c.blockOutChannels.size(), source);
    requireBlockTypes(j, "up_block_types", "CogVideoXUpBlock3D", c.blockOutChannels.size(), source);
    std::string act = "silu";
    readConfigKey(j, "act_fn", act, source);
    if (act != "silu" && act != "swish")
        throw FileError(ErrorCode::UnsupportedModel, source, "act_fn '" + act + "' is not supported (silu only)");
    bool quant = false, postQuant = false;
    readConfigKey(j, "use_quant_conv", quant, source);
    readConfigKey(j, "use_post_quant_conv", postQuant, source);
    if (quant || postQuant)
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "use_quant_conv/use_post_quant_conv are not supported (no CogVideoX checkpoint uses them)");
    return c;
}

CogVideoXVaeConfig CogVideoXVaeConfig::fromFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw FileError(ErrorCode::MissingFile, path, "cannot open the VAE config");
    std::stringstream text;
    text << in.rdbuf();
    return fromJsonText(text.str(), path);
}

} // namespace framesmith
