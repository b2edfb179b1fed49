#pragma once
// Wan model folders for the family's tests, built in a temporary folder: a copy of a tiny fixture
// model's small files (configs only, or everything), the real repos' layout rebuilt from
// full-size-configs/ (model_index.json as the -Diffusers repos have it, from pipeline.json), and a
// Hugging Face cache snapshot of a fixture model (files as symlinks, as the cache lays them out).
#include "WanFixtures.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace framesmith::test {

inline void writeWanJson(const std::filesystem::path& path, const nlohmann::json& json)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << json.dump(2);
}

// The fixture model's JSON files (and, when withWeights, everything) under `target`.
inline std::string copyWanModel(const std::string& variant, const std::filesystem::path& target, bool withWeights = false)
{
    namespace fs = std::filesystem;
    const fs::path source = wanFixture("models/" + variant);
    for (const auto& entry : fs::recursive_directory_iterator(source)) {
        if (!entry.is_regular_file() || (!withWeights && entry.path().extension() != ".json"))
            continue;
        const fs::path to = target / entry.path().lexically_relative(source);
        fs::create_directories(to.parent_path());
        fs::copy_file(entry.path(), to, fs::copy_options::overwrite_existing);
    }
    return target.string();
}

// full-size-configs/Wan-AI/<repo> laid out as the repo is: its component configs, and the
// model_index.json the -Diffusers repo ships (pipeline.json says class, boundary_ratio,
// expand_timesteps and whether there is an image encoder).
inline std::string fullSizeWanModel(const std::string& repo, const std::filesystem::path& target)
{
    namespace fs = std::filesystem;
    const fs::path source = wanFixture("full-size-configs/Wan-AI/" + repo);
    for (const auto& entry : fs::recursive_directory_iterator(source)) {
        if (!entry.is_regular_file() || entry.path().filename() == "pipeline.json")
            continue;
        const fs::path to = target / entry.path().lexically_relative(source);
        fs::create_directories(to.parent_path());
        fs::copy_file(entry.path(), to, fs::copy_options::overwrite_existing);
    }
    std::ifstream in(source / "pipeline.json");
    const nlohmann::json pipeline = nlohmann::json::parse(in);
    const nlohmann::json none = {nullptr, nullptr};
    nlohmann::json index = {{"_class_name", pipeline.at("pipeline")},
                            {"_diffusers_version", "0.36.0"},
                            {"boundary_ratio", pipeline.at("boundary_ratio")},
                            {"expand_timesteps", pipeline.at("expand_timesteps")},
                            {"scheduler", {"diffusers", "UniPCMultistepScheduler"}},
                            {"text_encoder", {"transformers", "UMT5EncoderModel"}},
                            {"tokenizer", {"transformers", "T5TokenizerFast"}},
                            {"transformer", {"diffusers", "WanTransformer3DModel"}},
                            {"transformer_2", fs::exists(source / "transformer_2") ? nlohmann::json{"diffusers", "WanTransformer3DModel"} : none},
                            {"vae", {"diffusers", "AutoencoderKLWan"}}};
    if (pipeline.at("pipeline") == "WanImageToVideoPipeline") {
        const bool hasEncoder = !pipeline.at("image_encoder").is_null();
        index["image_encoder"] = hasEncoder ? nlohmann::json{"transformers", "CLIPVisionModel"} : none;
        index["image_processor"] = hasEncoder ? nlohmann::json{"transformers", "CLIPImageProcessor"} : none;
    }
    writeWanJson(target / "model_index.json", index);
    return target.string();
}

// <cache>/models--Wan-AI--<name>/snapshots/<hash>/ with every file a symlink to the fixture's.
inline std::string wanCacheSnapshot(const std::string& variant, const std::filesystem::path& cache)
{
    namespace fs = std::filesystem;
    const fs::path source = fs::absolute(wanFixture("models/" + variant));
    const fs::path snapshot = cache / ("models--Wan-AI--" + variant + "-Diffusers") / "snapshots" /
                              "0123456789abcdef0123456789abcdef01234567";
    for (const auto& entry : fs::recursive_directory_iterator(source)) {
        if (!entry.is_regular_file())
            continue;
        const fs::path link = snapshot / entry.path().lexically_relative(source);
        fs::create_directories(link.parent_path());
        fs::create_symlink(entry.path(), link);
    }
    return snapshot.string();
}

} // namespace framesmith::test
