#include "models/wan/WanDemoModel.h"

#include "framesmith/Error.h"
#include "models/DemoTokenizer.h"
#include "models/DemoWeights.h"
#include "models/wan/WanDemoConfigs.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "models/wan/vae/WanVae.h"
#include "text/T5Config.h"
#include "text/T5Encoder.h"

#include <filesystem>
#include <fstream>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

void writeJson(const fs::path& path, const nlohmann::json& value)
{
    fs::create_directories(path.parent_path());
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        out << value.dump(2) << "\n";
        if (!out)
            throw FileError(ErrorCode::Io, path.string(), "cannot write");
    }
    fs::rename(tmp, path);
}

} // namespace

void WanDemoModel::write(const std::string& dirText, const std::string& tokenizerDir, std::uint64_t seed)
{
    const fs::path dir(dirText);
    if (fs::exists(dir) && !fs::is_empty(dir) && !fs::exists(dir / "model_index.json"))
        throw FileError(ErrorCode::Io, dirText, "exists and is not a model folder: choose an empty or new folder");
    DemoTokenizer::copyTo(tokenizerDir, (dir / "tokenizer").string());
    writeJson(dir / "scheduler" / "scheduler_config.json", WanDemoConfigs::scheduler());
    writeJson(dir / "transformer" / "config.json", WanDemoConfigs::transformer());
    writeJson(dir / "vae" / "config.json", WanDemoConfigs::vae());
    writeJson(dir / "text_encoder" / "config.json", WanDemoConfigs::textEncoder(DemoTokenizer::vocabSize(tokenizerDir)));

    WanTransformer3DModel transformer(WanTransformerConfig::fromFile((dir / "transformer" / "config.json").string()));
    DemoWeights::write(transformer, (dir / "transformer" / "diffusion_pytorch_model.safetensors").string(), seed);
    WanVae vae(WanVaeConfig::fromFile((dir / "vae" / "config.json").string()));
    DemoWeights::write(vae, (dir / "vae" / "diffusion_pytorch_model.safetensors").string(), seed + 1);
    T5Encoder encoder(T5Config::fromFile((dir / "text_encoder" / "config.json").string()));
    DemoWeights::write(encoder, (dir / "text_encoder" / "model.safetensors").string(), seed + 2);
    // Written last: a folder without model_index.json is never mistaken for a finished model.
    writeJson(dir / "model_index.json", WanDemoConfigs::modelIndex());
}

} // namespace framesmith
