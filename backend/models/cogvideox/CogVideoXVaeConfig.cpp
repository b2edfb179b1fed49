#include "models/cogvideox/CogVideoXVaeConfig.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <cmath>

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

// block_out_channels, each entry range-checked as written.
void readBlockChannels(const nlohmann::json& j, const std::string& source, std::vector<std::int64_t>& out)
{
    auto it = j.find("block_out_channels");
    if (it == j.end() || it->is_null())
        return;
    if (!it->is_array() || it->size() > 8)
        throw FileError(ErrorCode::BadFile, source, "config key 'block_out_channels' must be a list of at most 8 "
                                                    "channel counts, got " + it->dump().substr(0, 80));
    out.clear();
    for (std::size_t i = 0; i < it->size(); ++i) {
        std::int64_t channels = 0;
        readConfigInt(nlohmann::json{{"block_out_channels", (*it)[i]}}, "block_out_channels", channels, 1, 16384, source);
        out.push_back(channels);
    }
}

// Every number that sizes a tensor or divides, bounded where read (absurd values are refused
// before the planner or the model allocates; 0 groups would divide by zero).
void readNumbers(const nlohmann::json& j, const std::string& source, CogVideoXVaeConfig& c)
{
    readConfigInt(j, "in_channels", c.inChannels, 1, 64, source);
    readConfigInt(j, "out_channels", c.outChannels, 1, 64, source);
    readBlockChannels(j, source, c.blockOutChannels);
    readConfigInt(j, "latent_channels", c.latentChannels, 1, 1024, source);
    readConfigInt(j, "layers_per_block", c.layersPerBlock, 1, 64, source);
    readConfigNumber(j, "norm_eps", c.normEps, 0.0, 1.0, source);
    readConfigInt(j, "norm_num_groups", c.normNumGroups, 1, 1024, source);
    readConfigNumber(j, "temporal_compression_ratio", c.temporalCompressionRatio, 1.0, 64.0, source);
    readConfigInt(j, "sample_height", c.sampleHeight, 1, 65536, source);
    readConfigInt(j, "sample_width", c.sampleWidth, 1, 65536, source);
    readConfigNumber(j, "scaling_factor", c.scalingFactor, 1e-6, 1e6, source);
    readConfigKey(j, "invert_scale_latents", c.invertScaleLatents, source);
    if (j.contains("shift_factor") && !j["shift_factor"].is_null()) {
        double shift = 0;
        readConfigNumber(j, "shift_factor", shift, -1e6, 1e6, source);
        c.shiftFactor = shift;
    }
}

} // namespace

int CogVideoXVaeConfig::temporalCompressLevel() const
{
    // diffusers: int(np.log2(temporal_compression_ratio))
    return static_cast<int>(std::floor(std::log2(temporalCompressionRatio)));
}

CogVideoXVaeConfig CogVideoXVaeConfig::fromJsonText(const std::string& text, const std::string& source)
{
    return fromJson(JsonGuard::parse(text.data(), text.size(), 32, source, "the VAE config"), source);
}

CogVideoXVaeConfig CogVideoXVaeConfig::fromJson(const nlohmann::json& j, const std::string& source)
{
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, source, "not a JSON object");
    // A vae folder linked to the transformer's passed every number check (defaults filled the
    // gaps) and failed only when decoding, after the whole denoise.
    if (const auto name = j.find("_class_name"); name != j.end() && name->is_string() &&
                                                 name->get<std::string>().find("Autoencoder") == std::string::npos)
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "_class_name is '" + name->get<std::string>() + "': this folder holds another component, not "
                        "the VAE (AutoencoderKLCogVideoX)");
    CogVideoXVaeConfig c;
    readNumbers(j, source, c);
    if (c.blockOutChannels.size() < 2)
        throw FileError(ErrorCode::UnsupportedModel, source, "block_out_channels needs at least 2 entries");
    for (auto channels : c.blockOutChannels)
        if (channels % c.normNumGroups != 0)
            throw FileError(ErrorCode::UnsupportedModel, source,
                            "block_out_channels must be multiples of norm_num_groups (" +
                                std::to_string(c.normNumGroups) + "), got " + std::to_string(channels));
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
    return fromJson(JsonGuard::readFile(path), path);
}

} // namespace framesmith
