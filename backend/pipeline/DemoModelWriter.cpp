#include "pipeline/DemoModelWriter.h"

#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "models/cogvideox/CogVideoXTransformer3D.h"
#include "models/cogvideox/CogVideoXVae.h"
#include "pipeline/DemoModelConfigs.h"
#include "text/T5Config.h"
#include "text/T5Encoder.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

const char* kTokenizerFiles[] = {"spiece.model", "tokenizer_config.json", "special_tokens_map.json", "added_tokens.json"};

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

// The fixtures' rule: matrices z / sqrt(fan_in), norm scales 1 + 0.1 z, biases 0.1 z, visited in
// sorted state-dict order with one seeded generator per component.
void writeRandomWeights(Module& module, const fs::path& file, std::uint64_t seed)
{
    auto slots = module.parameters();
    std::sort(slots.begin(), slots.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(seed);
    SafetensorsWriter writer;
    for (const auto& slot : slots) {
        at::Tensor z = at::randn(slot.shape, gen, at::TensorOptions().dtype(at::kFloat));
        const bool isScale = slot.name.size() > 7 && slot.name.compare(slot.name.size() - 7, 7, ".weight") == 0;
        if (slot.shape.size() >= 2)
            z = z / std::sqrt(static_cast<double>(z.numel() / slot.shape[0]));
        else
            z = isScale ? 1.0 + 0.1 * z : 0.1 * z;
        writer.add(slot.name, z);
    }
    writer.setMetadata("format", "pt");
    fs::create_directories(file.parent_path());
    writer.write(file.string());
}

int tokenizerVocabSize(const fs::path& tokenizerDir)
{
    std::ifstream in(tokenizerDir / "added_tokens.json");
    auto added = nlohmann::json::parse(in, nullptr, false);
    if (added.is_discarded() || !added.is_object() || added.empty())
        throw FileError(ErrorCode::BadFile, (tokenizerDir / "added_tokens.json").string(), "is not a token map");
    int maxId = 0;
    for (const auto& [token, id] : added.items())
        maxId = std::max(maxId, id.get<int>());
    return maxId + 1;
}

} // namespace

void DemoModelWriter::write(const std::string& dir, const std::string& tokenizerDir, std::uint64_t seed)
{
    writeWithConfigs(dir, tokenizerDir, DemoModelConfigs::transformer(), DemoModelConfigs::vae(),
                     textEncoderConfig(tokenizerDir), seed);
}

nlohmann::json DemoModelWriter::textEncoderConfig(const std::string& tokenizerDir)
{
    return DemoModelConfigs::textEncoder(tokenizerVocabSize(tokenizerDir));
}

void DemoModelWriter::writeWithConfigs(const std::string& dirText, const std::string& tokenizerDirText,
                                       const nlohmann::json& transformerConfig, const nlohmann::json& vaeConfig,
                                       const nlohmann::json& textEncoderConfig, std::uint64_t seed)
{
    const fs::path dir(dirText), tokenizerDir(tokenizerDirText);
    if (fs::exists(dir) && !fs::is_empty(dir) && !fs::exists(dir / "model_index.json"))
        throw FileError(ErrorCode::Io, dirText, "exists and is not a model folder: choose an empty or new folder");
    for (const char* name : kTokenizerFiles)
        if (!fs::exists(tokenizerDir / name))
            throw FileError(ErrorCode::MissingFile, (tokenizerDir / name).string(), "demo tokenizer file missing");
    fs::create_directories(dir / "tokenizer");
    for (const char* name : kTokenizerFiles)
        fs::copy_file(tokenizerDir / name, dir / "tokenizer" / name, fs::copy_options::overwrite_existing);
    writeJson(dir / "scheduler" / "scheduler_config.json", DemoModelConfigs::scheduler());
    writeJson(dir / "transformer" / "config.json", transformerConfig);
    writeJson(dir / "vae" / "config.json", vaeConfig);
    writeJson(dir / "text_encoder" / "config.json", textEncoderConfig);

    CogVideoXTransformer3D transformer(CogVideoXTransformerConfig::fromFile((dir / "transformer" / "config.json").string()));
    writeRandomWeights(transformer, dir / "transformer" / "diffusion_pytorch_model.safetensors", seed);
    CogVideoXVae vae(CogVideoXVaeConfig::fromFile((dir / "vae" / "config.json").string()));
    writeRandomWeights(vae, dir / "vae" / "diffusion_pytorch_model.safetensors", seed + 1);
    T5Encoder encoder(T5Config::fromFile((dir / "text_encoder" / "config.json").string()));
    writeRandomWeights(encoder, dir / "text_encoder" / "model.safetensors", seed + 2);
    // Written last: a folder without model_index.json is never mistaken for a finished model.
    writeJson(dir / "model_index.json", DemoModelConfigs::modelIndex());
}

std::string DemoModelWriter::findTokenizerDir()
{
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("FRAMESMITH_DEMO_TOKENIZER"); env && *env)
        candidates.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        candidates.push_back(exe.parent_path() / ".." / "share" / "framesmith" / "demo-tokenizer");
        candidates.push_back(exe.parent_path() / ".." / ".." / "resources" / "demo-tokenizer");
    }
    for (const auto& c : candidates)
        if (fs::exists(c / "spiece.model"))
            return fs::weakly_canonical(c).string();
    throw FileError(ErrorCode::MissingFile, "demo-tokenizer",
                    "not found next to the program; set FRAMESMITH_DEMO_TOKENIZER or pass --tokenizer DIR");
}

} // namespace framesmith
