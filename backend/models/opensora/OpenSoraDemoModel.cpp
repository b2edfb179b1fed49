#include "models/opensora/OpenSoraDemoModel.h"

#include "framesmith/Error.h"
#include "models/DemoConfigFile.h"
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
    DemoConfigFile::write((stdit / "config.json").string(), OpenSoraDemoConfigs::transformer());
    DemoConfigFile::write((vae / "config.json").string(), OpenSoraDemoConfigs::vae());
    DemoConfigFile::write((sdxl / "config.json").string(), OpenSoraDemoConfigs::spatialVae());
    DemoTokenizer::copyTo(tokenizerDir, t5.string());
    DemoConfigFile::write((t5 / "config.json").string(),
                          OpenSoraDemoConfigs::textEncoder(DemoTokenizer::vocabSize(tokenizerDir)));

    STDiT3 transformer(STDiT3Config::fromFile((stdit / "config.json").string()));
    DemoWeights::write(transformer, (stdit / "model.safetensors").string(), seed);
    OpenSoraVae video(OpenSoraVaeConfig::fromFiles((vae / "config.json").string(), (sdxl / "config.json").string()));
    DemoWeights::write(video, (vae / "model.safetensors").string(), seed + 1);
    T5Encoder encoder(T5Config::fromFile((t5 / "config.json").string()));
    DemoWeights::write(encoder, (t5 / "model.safetensors").string(), seed + 2);
    // Written last: a folder without it is never mistaken for a finished demo.
    DemoConfigFile::write((dir / kMarkerFile).string(),
                          {{"family", "opensora"}, {"seed", seed}, {"weights", "random: the output is noise"}});
}

} // namespace framesmith
