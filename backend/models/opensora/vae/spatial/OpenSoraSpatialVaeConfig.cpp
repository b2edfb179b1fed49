#include "models/opensora/vae/spatial/OpenSoraSpatialVaeConfig.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "core/ConfigReader.h"

namespace framesmith {

namespace {

void requireBlockTypes(const nlohmann::json& j, const char* key, const std::string& expected, std::size_t count,
                       const ConfigReader& reader)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return;
    if (!it->is_array() || it->size() != count)
        reader.fail(key, "must list one block per block_out_channels entry");
    for (const auto& type : *it)
        if (!type.is_string() || type.get<std::string>() != expected)
            throw FileError(ErrorCode::UnsupportedModel, reader.source(),
                            std::string(key) + " may only hold " + expected + " (the SDXL VAE layout)");
}

} // namespace

OpenSoraSpatialVaeConfig OpenSoraSpatialVaeConfig::fromJson(const nlohmann::json& j, const std::string& source)
{
    const ConfigReader r(j, source, "", ConfigReader::WholeFloats::Accepted); // Python writers may spell 4 as 4.0
    OpenSoraSpatialVaeConfig c;
    std::string className = "AutoencoderKL";
    r.text("_class_name", className);
    if (className != "AutoencoderKL")
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "_class_name is '" + className + "'; Open-Sora's 2-D VAE is an AutoencoderKL");
    r.integer("in_channels", c.inChannels, 1, 64);
    r.integer("out_channels", c.outChannels, 1, 64);
    r.integers("block_out_channels", c.blockOutChannels, 1, 8192, 1, 8);
    r.integer("layers_per_block", c.layersPerBlock, 1, 16);
    r.integer("latent_channels", c.latentChannels, 1, 256);
    r.integer("norm_num_groups", c.normNumGroups, 1, 1024);
    r.flag("use_quant_conv", c.useQuantConv);
    r.flag("use_post_quant_conv", c.usePostQuantConv);
    r.flag("mid_block_add_attention", c.midBlockAddAttention);
    r.number("scaling_factor", c.fileScalingFactor, 1e-6, 1e6);
    for (auto channels : c.blockOutChannels)
        if (channels % c.normNumGroups != 0)
            r.fail("block_out_channels", "must hold multiples of norm_num_groups (" + std::to_string(c.normNumGroups) + ")");
    requireBlockTypes(j, "down_block_types", "DownEncoderBlock2D", c.blockOutChannels.size(), r);
    requireBlockTypes(j, "up_block_types", "UpDecoderBlock2D", c.blockOutChannels.size(), r);
    std::string act = "silu";
    r.text("act_fn", act);
    if (act != "silu" && act != "swish" && act != "relu")
        throw FileError(ErrorCode::UnsupportedModel, source, "act_fn '" + act + "' is not supported (silu, swish, relu)");
    c.isReluActivation = act == "relu";
    return c;
}

OpenSoraSpatialVaeConfig OpenSoraSpatialVaeConfig::fromFile(const std::string& path)
{
    return fromJson(JsonGuard::readFile(path), path);
}

} // namespace framesmith
