#include "models/cogvideox/CogVideoXDemoModel.h"

#include "framesmith/Error.h"
#include "models/DemoConfigFile.h"
#include "models/DemoTokenizer.h"
#include "models/DemoWeights.h"
#include "models/cogvideox/CogVideoXDemoConfigs.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/cogvideox/vae/CogVideoXVae.h"
#include "text/T5Config.h"
#include "text/T5Encoder.h"

#include <filesystem>
#include <fstream>

namespace framesmith {

namespace fs = std::filesystem;

void CogVideoXDemoModel::write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed)
{
    writeWithConfigs(dir, tokenizerDir, CogVideoXDemoConfigs::transformer(), CogVideoXDemoConfigs::vae(),
                     textEncoderConfig(tokenizerDir), seed);
}

nlohmann::json CogVideoXDemoModel::textEncoderConfig(const std::string& tokenizerDir)
{
    return CogVideoXDemoConfigs::textEncoder(DemoTokenizer::vocabSize(tokenizerDir));
}

void CogVideoXDemoModel::writeWithConfigs(const std::string& dirText, const std::string& tokenizerDir,
                                          const nlohmann::json& transformerConfig, const nlohmann::json& vaeConfig,
                                          const nlohmann::json& textEncoderConfig, std::uint64_t seed)
{
    const fs::path dir(dirText);
    if (fs::exists(dir) && !fs::is_empty(dir) && !fs::exists(dir / "model_index.json"))
        throw FileError(ErrorCode::Io, dirText, "exists and is not a model folder: choose an empty or new folder");
    DemoTokenizer::copyTo(tokenizerDir, (dir / "tokenizer").string());
    DemoConfigFile::write((dir / "scheduler" / "scheduler_config.json").string(), CogVideoXDemoConfigs::scheduler());
    DemoConfigFile::write((dir / "transformer" / "config.json").string(), transformerConfig);
    DemoConfigFile::write((dir / "vae" / "config.json").string(), vaeConfig);
    DemoConfigFile::write((dir / "text_encoder" / "config.json").string(), textEncoderConfig);

    CogVideoXTransformer3D transformer(CogVideoXTransformerConfig::fromFile((dir / "transformer" / "config.json").string()));
    DemoWeights::write(transformer, (dir / "transformer" / "diffusion_pytorch_model.safetensors").string(), seed);
    CogVideoXVae vae(CogVideoXVaeConfig::fromFile((dir / "vae" / "config.json").string()));
    DemoWeights::write(vae, (dir / "vae" / "diffusion_pytorch_model.safetensors").string(), seed + 1);
    T5Encoder encoder(T5Config::fromFile((dir / "text_encoder" / "config.json").string()));
    DemoWeights::write(encoder, (dir / "text_encoder" / "model.safetensors").string(), seed + 2);
    // Written last: a folder without model_index.json is never mistaken for a finished model.
    DemoConfigFile::write((dir / "model_index.json").string(), CogVideoXDemoConfigs::modelIndex());
}

} // namespace framesmith
