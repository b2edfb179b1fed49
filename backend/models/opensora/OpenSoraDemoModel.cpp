#include "models/opensora/OpenSoraDemoModel.h"

#include "framesmith/Error.h"
#include "models/DemoTokenizer.h"
#include "models/DemoWeights.h"
#include "models/opensora/OpenSoraDemoConfigs.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/vae/OpenSoraVae.h"
#include "models/opensora/transformer/STDiT3.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"
#include "text/T5Config.h"
#include "text/T5Encoder.h"

#include <filesystem>
#include <fstream>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

void writeJson(const fs::path& path, const nlohmann::json& value)
{
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        out << value.dump(2) << "\n";
        if (!out)
            throw FileError(ErrorCode::Io, path.string(), "cannot write");
    }
    fs::rename(tmp, path, ec);
    if (ec)
        throw FileError(ErrorCode::Io, path.string(), "cannot write: " + ec.message());
}

} // namespace

bool OpenSoraDemoModel::isDemo(const std::string& root)
{
    std::error_code ec;
    return fs::is_regular_file(fs::path(root) / kMarkerFile, ec);
}

void OpenSoraDemoModel::write(const std::string& dirText, const std::string& tokenizerDir, std::uint64_t seed)
{
    const fs::path dir(dirText);
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_empty(dir, ec) && !isDemo(dirText))
        throw FileError(ErrorCode::Io, dirText, "exists and is not a model folder: choose an empty or new folder");
    const fs::path stdit = dir / OpenSoraRepoFolders::kStdit, vae = dir / OpenSoraRepoFolders::kVae;
    const fs::path t5 = dir / OpenSoraRepoFolders::kT5;
    const fs::path sdxl = dir / "PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae";
    writeJson(stdit / "config.json", OpenSoraDemoConfigs::transformer());
    writeJson(vae / "config.json", OpenSoraDemoConfigs::vae());
    writeJson(sdxl / "config.json", OpenSoraDemoConfigs::spatialVae());
    DemoTokenizer::copyTo(tokenizerDir, t5.string());
    writeJson(t5 / "config.json", OpenSoraDemoConfigs::textEncoder(DemoTokenizer::vocabSize(tokenizerDir)));

    STDiT3 transformer(STDiT3Config::fromFile((stdit / "config.json").string()));
    DemoWeights::write(transformer, (stdit / "model.safetensors").string(), seed);
    OpenSoraVae video(OpenSoraVaeConfig::fromFiles((vae / "config.json").string(), (sdxl / "config.json").string()));
    DemoWeights::write(video, (vae / "model.safetensors").string(), seed + 1);
    T5Encoder encoder(T5Config::fromFile((t5 / "config.json").string()));
    DemoWeights::write(encoder, (t5 / "model.safetensors").string(), seed + 2);
    // Written last: a folder without it is never mistaken for a finished demo.
    writeJson(dir / kMarkerFile, {{"family", "opensora"}, {"seed", seed}, {"weights", "random: the output is noise"}});
}

} // namespace framesmith
