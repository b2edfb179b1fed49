#include "models/wan/vae/WanVaeConfig.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

namespace framesmith {

namespace {

void refuse(const std::string& path, const std::string& problem)
{
    throw FileError(ErrorCode::BadFile, path, problem);
}

std::vector<double> numbers(const nlohmann::json& j, const char* key, std::size_t count, const std::string& path)
{
    std::vector<double> out;
    const ConfigReader r(j, path);
    r.value(key, out);
    if (out.size() != count)
        refuse(path, std::string("config key '") + key + "' must hold z_dim = " + std::to_string(count) + " numbers, got " +
                         std::to_string(out.size()));
    return out;
}

} // namespace

WanVaeConfig WanVaeConfig::fromFile(const std::string& path)
{
    const nlohmann::json j = JsonGuard::readFile(path);
    if (!j.is_object())
        refuse(path, "expected a JSON object");
    WanVaeConfig c;
    const ConfigReader r(j, path);
    r.integer("base_dim", c.baseDim, 1, 4096);
    c.decoderBaseDim = c.baseDim;
    r.integer("decoder_base_dim", c.decoderBaseDim, 1, 4096);
    r.integer("z_dim", c.zDim, 1, 1024);
    r.integer("num_res_blocks", c.numResBlocks, 1, 16);
    r.integer("in_channels", c.inChannels, 1, 64);
    r.integer("out_channels", c.outChannels, 1, 64);
    r.value("dim_mult", c.dimMult);
    r.value("temperal_downsample", c.temperalDownsample);
    if (c.dimMult.size() < 2 || c.dimMult.size() > 8)
        refuse(path, "config key 'dim_mult' must hold 2 to 8 multipliers");
    for (std::int64_t m : c.dimMult)
        if (m < 1 || m > 64)
            refuse(path, "config key 'dim_mult' holds " + std::to_string(m) + ", outside [1, 64]");
    if (c.temperalDownsample.size() != c.dimMult.size() - 1)
        refuse(path, "config key 'temperal_downsample' must hold one flag per downsampling (len(dim_mult) - 1)");
    r.value("is_residual", c.isResidual);
    r.integer("patch_size", c.patchSize, 1, 8);
    auto scales = j.find("attn_scales");
    if (scales != j.end() && !scales->is_null() && !scales->empty())
        refuse(path, "attn_scales " + scales->dump() + " is not supported (every Wan VAE has [])");
    c.latentsMean = numbers(j, "latents_mean", static_cast<std::size_t>(c.zDim), path);
    c.latentsStd = numbers(j, "latents_std", static_cast<std::size_t>(c.zDim), path);
    return c;
}

} // namespace framesmith
