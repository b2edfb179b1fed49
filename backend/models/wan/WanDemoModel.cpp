#include "models/wan/WanDemoModel.h"

#include "framesmith/Error.h"
#include "models/DemoConfigFile.h"
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

void WanDemoModel::write(const std::string& dirText, const std::string& tokenizerDir, std::uint64_t seed)
{
    const fs::path dir(dirText);
    if (fs::exists(dir) && !fs::is_empty(dir) && !fs::exists(dir / "model_index.json"))
        throw FileError(ErrorCode::Io, dirText, "exists and is not a model folder: choose an empty or new folder");
    DemoTokenizer::copyTo(tokenizerDir, (dir / "tokenizer").string());
    DemoConfigFile::write((dir / "scheduler" / "scheduler_config.json").string(), WanDemoConfigs::scheduler());
    DemoConfigFile::write((dir / "transformer" / "config.json").string(), WanDemoConfigs::transformer());
    DemoConfigFile::write((dir / "vae" / "config.json").string(), WanDemoConfigs::vae());
    DemoConfigFile::write((dir / "text_encoder" / "config.json").string(),
                          WanDemoConfigs::textEncoder(DemoTokenizer::vocabSize(tokenizerDir)));

    WanTransformer3DModel transformer(WanTransformerConfig::fromFile((dir / "transformer" / "config.json").string()));
    DemoWeights::write(transformer, (dir / "transformer" / "diffusion_pytorch_model.safetensors").string(), seed);
    WanVae vae(WanVaeConfig::fromFile((dir / "vae" / "config.json").string()));
    DemoWeights::write(vae, (dir / "vae" / "diffusion_pytorch_model.safetensors").string(), seed + 1);
    T5Encoder encoder(T5Config::fromFile((dir / "text_encoder" / "config.json").string()));
    DemoWeights::write(encoder, (dir / "text_encoder" / "model.safetensors").string(), seed + 2);
    // Written last: a folder without model_index.json is never mistaken for a finished model.
    DemoConfigFile::write((dir / "model_index.json").string(), WanDemoConfigs::modelIndex());
}

} // namespace framesmith
