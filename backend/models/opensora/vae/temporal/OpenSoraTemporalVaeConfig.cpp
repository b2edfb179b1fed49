#include "models/opensora/vae/temporal/OpenSoraTemporalVaeConfig.h"

#include "framesmith/Error.h"
#include "core/ConfigReader.h"

namespace framesmith {

std::int64_t OpenSoraTemporalVaeConfig::timeDownsampleFactor() const
{
    std::int64_t factor = 1;
    for (bool halves : temporalDownsample)
        factor *= halves ? 2 : 1;
    return factor;
}

std::int64_t OpenSoraTemporalVaeConfig::latentFrames(std::int64_t frames) const
{
    // VAE_Temporal.get_latent_size: (frames + front padding) // factor
    const std::int64_t factor = timeDownsampleFactor();
    const std::int64_t padding = frames % factor == 0 ? 0 : factor - frames % factor;
    return (frames + padding) / factor;
}

OpenSoraTemporalVaeConfig OpenSoraTemporalVaeConfig::sdDefaults()
{
    return OpenSoraTemporalVaeConfig{};
}

OpenSoraTemporalVaeConfig OpenSoraTemporalVaeConfig::classDefaults()
{
    OpenSoraTemporalVaeConfig c;
    c.temporalDownsample = {true, true, false};
    return c;
}

OpenSoraTemporalVaeConfig OpenSoraTemporalVaeConfig::fromJson(const nlohmann::json& object, const std::string& source)
{
    const ConfigReader r(object, source, "vae_temporal.", ConfigReader::WholeFloats::Accepted);
    std::string type = "VAE_Temporal_SD";
    r.text("type", type);
    if (type != "VAE_Temporal_SD" && type != "VAE_Temporal")
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "vae_temporal.type '" + type + "' is not supported (VAE_Temporal_SD or VAE_Temporal)");
    OpenSoraTemporalVaeConfig c = type == "VAE_Temporal" ? classDefaults() : sdDefaults();
    r.integer("in_out_channels", c.inOutChannels, 1, 256);
    r.integer("latent_embed_dim", c.latentEmbedDim, 1, 256);
    r.integer("embed_dim", c.embedDim, 1, 256);
    r.integer("filters", c.filters, 1, 4096);
    r.integer("num_res_blocks", c.numResBlocks, 1, 16);
    r.integers("channel_multipliers", c.channelMultipliers, 1, 64, 1, 8);
    r.flags("temporal_downsample", c.temporalDownsample, 8);
    r.integer("num_groups", c.numGroups, 1, 1024);
    std::string activation = "swish";
    r.text("activation_fn", activation);
    if (activation != "swish" && activation != "relu")
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "vae_temporal.activation_fn '" + activation + "' is not supported (swish or relu)");
    c.isReluActivation = activation == "relu";
    if (c.temporalDownsample.size() + 1 < c.channelMultipliers.size())
        r.fail("temporal_downsample", "needs one entry per block but the last ("
                                          + std::to_string(c.channelMultipliers.size() - 1) + ")");
    if (c.filters % c.numGroups != 0)
        r.fail("num_groups", "must divide filters (" + std::to_string(c.filters) + ")");
    for (auto multiplier : c.channelMultipliers)
        if ((c.filters * multiplier) % c.numGroups != 0)
            r.fail("num_groups", "must divide every block's channels (filters x channel_multipliers)");
    if (r.has("from_pretrained"))
        r.fail("from_pretrained", "is not supported: the temporal VAE's weights come from the VAE repo's checkpoint");
    return c;
}

} // namespace framesmith
