#include "models/wan/WanDemoModel.h"

#include "framesmith/Error.h"
#include "models/DemoConfigFile.h"
#include "models/DemoTokenizer.h"
#include "models/DemoWeights.h"
#include "models/wan/WanComponentModules.h"
#include "models/wan/WanDemoConfigs.h"

#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

namespace framesmith {

namespace fs = std::filesystem;

void WanDemoModel::write(const std::string& dirText, const std::string& tokenizerDir, std::uint64_t seed,
                         const std::string& requested)
{
    const std::string variant = requested.empty() ? WanDemoConfigs::variants().front() : requested;
    WanDemoConfigs::check(variant); // before anything is written
    const fs::path dir(dirText);
    if (fs::exists(dir) && !fs::is_empty(dir) && !fs::exists(dir / "model_index.json"))
        throw FileError(ErrorCode::Io, dirText, "exists and is not a model folder: choose an empty or new folder");
    const nlohmann::json index = WanDemoConfigs::modelIndex(variant);
    DemoTokenizer::copyTo(tokenizerDir, (dir / "tokenizer").string());
    DemoConfigFile::write((dir / "scheduler" / "scheduler_config.json").string(), WanDemoConfigs::scheduler(variant));
    // In this order the seeds are the ones the demo has always had (transformer, VAE, text encoder).
    std::vector<std::pair<std::string, nlohmann::json>> configs = {
        {"transformer", WanDemoConfigs::transformer(variant)},
        {"vae", WanDemoConfigs::vae(variant)},
        {"text_encoder", WanDemoConfigs::textEncoder(DemoTokenizer::vocabSize(tokenizerDir))}};
    if (index["transformer_2"][0].is_string())
        configs.emplace_back("transformer_2", WanDemoConfigs::transformer(variant));
    if (index.contains("image_encoder") && index["image_encoder"][0].is_string()) {
        configs.emplace_back("image_encoder", WanDemoConfigs::imageEncoder());
        DemoConfigFile::write((dir / "image_processor" / "preprocessor_config.json").string(),
                              WanDemoConfigs::imageProcessor());
    }
    // Each component's module built from its config as the family reads it, filled by one seed each.
    std::uint64_t componentSeed = seed;
    for (const auto& [name, config] : configs) {
        const fs::path path = dir / name / "config.json";
        DemoConfigFile::write(path.string(), config);
        const ComponentModule built = WanComponentModules::fromConfig(name, path.string());
        DemoWeights::write(*built.module, (dir / name / (built.weightsStem + ".safetensors")).string(), componentSeed++);
    }
    // Written last: a folder without model_index.json is never mistaken for a finished model.
    DemoConfigFile::write((dir / "model_index.json").string(), index);
}

} // namespace framesmith
