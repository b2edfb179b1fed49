#include "models/cogvideox/CogVideoXVariant.h"

#include "framesmith/Error.h"

#include <map>
#include <optional>

namespace framesmith {

namespace {

[[noreturn]] void unsupported(const std::string& path, const std::string& problem)
{
    throw FileError(ErrorCode::UnsupportedModel, path, problem);
}

std::optional<std::int64_t> optionalInt(const nlohmann::json& config, const char* key, const std::string& path)
{
    if (!config.contains(key) || config[key].is_null())
        return std::nullopt;
    if (!config[key].is_number_integer())
        unsupported(path, std::string(key) + " must be an integer, got " + config[key].dump());
    return config[key].get<std::int64_t>();
}

std::int64_t requiredInt(const nlohmann::json& config, const char* key, const std::string& path)
{
    auto value = optionalInt(config, key, path);
    if (!value)
        unsupported(path, std::string("missing ") + key);
    return *value;
}

bool flag(const nlohmann::json& config, const char* key)
{
    return config.contains(key) && config[key].is_boolean() && config[key].get<bool>();
}

} // namespace

std::string CogVideoXVariant::classify(const std::string& pipelineClass, const nlohmann::json& config,
                                       const std::string& path)
{
    if (pipelineClass.rfind("CogVideoX", 0) != 0)
        unsupported(path, "pipeline class '" + pipelineClass + "' is not a CogVideoX pipeline");
    if (!config.is_object() || !config.contains("_class_name") || config["_class_name"] != "CogVideoXTransformer3DModel")
        unsupported(path, "transformer _class_name is not CogVideoXTransformer3DModel");
    const std::int64_t in = requiredInt(config, "in_channels", path);
    const std::int64_t out = requiredInt(config, "out_channels", path);
    // I2V concatenates the image latents to the noise on the channel axis (diffusers
    // CogVideoXImageToVideoPipeline), so its transformer takes twice the channels it returns.
    const bool i2vByPipeline = pipelineClass.find("ImageToVideo") != std::string::npos;
    const bool i2vByChannels = in == 2 * out;
    if (i2vByPipeline != i2vByChannels)
        unsupported(path, "pipeline " + pipelineClass + " does not fit transformer in_channels " + std::to_string(in) +
                              " / out_channels " + std::to_string(out));
    const bool rotary = flag(config, "use_rotary_positional_embeddings");
    // Only the 1.5 models patch over time (patch_size_t 2) and only 1.5-I2V embeds the ofs.
    const auto patchT = optionalInt(config, "patch_size_t", path);
    if (patchT || optionalInt(config, "ofs_embed_dim", path)) {
        if (!rotary)
            unsupported(path, "patch_size_t is set (CogVideoX 1.5) but rotary embeddings are off");
        return i2vByPipeline ? "cogvideox1.5-5b-i2v" : "cogvideox1.5-5b";
    }
    if (i2vByPipeline) {
        if (!rotary || !flag(config, "use_learned_positional_embeddings"))
            unsupported(path, "image-to-video transformer without rotary and learned positional embeddings");
        return "cogvideox-5b-i2v";
    }
    return rotary ? "cogvideox-5b" : "cogvideox-2b";
}

const std::vector<std::string>& CogVideoXVariant::all()
{
    static const std::vector<std::string> variants = {"cogvideox-2b", "cogvideox-5b", "cogvideox-5b-i2v",
                                                      "cogvideox1.5-5b", "cogvideox1.5-5b-i2v"};
    return variants;
}

std::string CogVideoXVariant::displayName(const std::string& variant)
{
    static const std::map<std::string, std::string> names = {
        {"cogvideox-2b", "CogVideoX-2B"},       {"cogvideox-5b", "CogVideoX-5B"},
        {"cogvideox-5b-i2v", "CogVideoX-5B-I2V"}, {"cogvideox1.5-5b", "CogVideoX1.5-5B"},
        {"cogvideox1.5-5b-i2v", "CogVideoX1.5-5B-I2V"}};
    auto it = names.find(variant);
    return it == names.end() ? variant : it->second;
}

bool CogVideoXVariant::isImageToVideo(const std::string& variant)
{
    return variant.size() > 4 && variant.compare(variant.size() - 4, 4, "-i2v") == 0;
}

} // namespace framesmith
