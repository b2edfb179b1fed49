#include "models/opensora/vae/OpenSoraVaeConfig.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "core/ConfigReader.h"

namespace framesmith {

namespace {

void readSpatialReference(const nlohmann::json& j, const std::string& source, OpenSoraVaeConfig& c)
{
    auto it = j.find("vae_2d");
    if (it == j.end() || it->is_null())
        return;
    const ConfigReader r(*it, source, "vae_2d.", ConfigReader::WholeFloats::Accepted);
    std::string type = "VideoAutoencoderKL";
    r.text("type", type);
    if (type != "VideoAutoencoderKL")
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "vae_2d.type '" + type + "' is not supported (VideoAutoencoderKL)");
    r.text("from_pretrained", c.spatialRepo);
    r.text("subfolder", c.spatialSubfolder);
    r.number("scaling_factor", c.spatialScalingFactor, 1e-6, 1e6);
    if (it->contains("micro_batch_size") && (*it)["micro_batch_size"].is_null())
        c.microBatchSize = 0;
    r.integer("micro_batch_size", c.microBatchSize, 1, 1 << 20);
}

} // namespace

OpenSoraVaeConfig OpenSoraVaeConfig::fromRepoJson(const nlohmann::json& j, const std::string& source)
{
    const ConfigReader r(j, source, "", ConfigReader::WholeFloats::Accepted); // Python writers may spell 4 as 4.0
    OpenSoraVaeConfig c;
    bool calLoss = false;
    r.flag("cal_loss", calLoss);
    if (calLoss)
        throw FileError(ErrorCode::UnsupportedModel, source,
                        "cal_loss is true: that is a training configuration (encode/decode return losses)");
    if (j.contains("micro_frame_size") && j["micro_frame_size"].is_null())
        c.microFrameSize = 0;
    r.integer("micro_frame_size", c.microFrameSize, 1, 1 << 20);
    readSpatialReference(j, source, c);
    auto temporal = j.find("vae_temporal");
    if (temporal != j.end() && !temporal->is_null())
        c.temporal = OpenSoraTemporalVaeConfig::fromJson(*temporal, source);
    c.isShiftScalar = j.contains("shift") && j["shift"].is_number();
    c.isScaleScalar = j.contains("scale") && j["scale"].is_number();
    r.numbers("shift", c.shift, 1, 256);
    r.numbers("scale", c.scale, 1, 256);
    for (double s : c.scale)
        if (s == 0.0)
            r.fail("scale", "must not hold zero (latents are divided by it)");
    const auto channels = static_cast<std::size_t>(c.temporal.embedDim);
    if ((!c.isShiftScalar && c.shift.size() != channels) || (!c.isScaleScalar && c.scale.size() != channels))
        r.fail("shift", "and scale must hold one value or one per latent channel (vae_temporal embed_dim "
                            + std::to_string(channels) + ")");
    return c;
}

OpenSoraVaeConfig OpenSoraVaeConfig::fromFiles(const std::string& vaeRepoConfig, const std::string& spatialConfig)
{
    OpenSoraVaeConfig c = fromRepoJson(JsonGuard::readFile(vaeRepoConfig), vaeRepoConfig);
    c.spatial = OpenSoraSpatialVaeConfig::fromFile(spatialConfig);
    if (c.spatial.latentChannels != c.temporal.inOutChannels)
        throw FileError(ErrorCode::UnsupportedModel, vaeRepoConfig,
                        "vae_temporal.in_out_channels (" + std::to_string(c.temporal.inOutChannels)
                            + ") must equal the 2-D VAE's latent_channels (" + std::to_string(c.spatial.latentChannels)
                            + " in " + spatialConfig + ")");
    return c;
}

} // namespace framesmith
