#include "models/cogvideox/vae/CogVideoXVaeConfig.h"

#include "core/ConfigReader.h"
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
        const nlohmann::json one = {{"block_out_channels", (*it)[i]}};
        ConfigReader(one, source).integer("block_out_channels", channels, 1, 16384);
        out.push_back(channels);
    }
}

// Every number that sizes a tensor or divides, bounded where read (absurd values are refused
// before the planner or the model allocates; 0 groups would divide by zero).
void readNumbers(const nlohmann::json& j, const std::string& source, CogVideoXVaeConfig& c)
{
    const ConfigReader r(j, source);
    r.integer("in_channels", c.inChannels, 1, 64);
    r.integer("out_channels", c.outChannels, 1, 64);
    readBlockChannels(j, source, c.blockOutChannels);
    r.integer("latent_channels", c.latentChannels, 1, 1024);
    r.integer("layers_per_block", c.layersPerBlock, 1, 64);
    r.number("norm_eps", c.normEps, 0.0, 1.0);
    r.integer("norm_num_groups", c.normNumGroups, 1, 1024);
    r.number("temporal_compression_ratio", c.temporalCompressionRatio, 1.0, 64.0);
    r.integer("sample_height", c.sampleHeight, 1, 65536);
    r.integer("sample_width", c.sampleWidth, 1, 65536);
    r.number("scaling_factor", c.scalingFactor, 1e-6, 1e6);
    r.value("invert_scale_latents", c.invertScaleLatents);
    if (j.contains("shift_factor") && !j["shift_factor"].is_null()) {
        double shift = 0;
        r.number("shift_factor", shift, -1e6, 1e6);
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
    const ConfigReader r(j, source);
    r.value("act_fn", act);
    if (act != "silu" && act != "swish")
        throw FileError(ErrorCode::UnsupportedModel, source, "act_fn '" + act + "' is not supported (silu only)");
    bool quant = false, postQuant = false;
    r.value("use_quant_conv", quant);
    r.value("use_post_quant_conv", postQuant);
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
