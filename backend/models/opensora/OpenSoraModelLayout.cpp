#include "models/opensora/OpenSoraModelLayout.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "models/opensora/OpenSoraRepoFolders.h"

#include <filesystem>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

bool namesStdit3(const nlohmann::json& config)
{
    if (!config.is_object())
        return false;
    if (config.contains("model_type") && config["model_type"] == "STDiT3")
        return true;
    if (config.contains("architectures") && config["architectures"].is_array())
        for (const auto& name : config["architectures"])
            if (name == "STDiT3")
                return true;
    return false;
}

bool sameFolder(const fs::path& a, const std::string& b)
{
    std::error_code ec;
    return fs::equivalent(a, b, ec);
}

} // namespace

bool OpenSoraModelLayout::isTransformerRepo(const std::string& folder)
{
    const fs::path config = fs::path(folder) / "config.json";
    std::error_code ec;
    if (!fs::is_regular_file(config, ec))
        return false;
    try {
        return namesStdit3(JsonGuard::readFile(config.string()));
    } catch (const Error&) {
        return false; // unreadable: not recognisably ours
    }
}

std::optional<std::string> OpenSoraModelLayout::rootFor(const std::string& folder)
{
    if (OpenSoraRepoFolders::find(folder, OpenSoraRepoFolders::kStdit))
        return folder;
    if (!isTransformerRepo(folder))
        return std::nullopt;
    std::error_code ec;
    const fs::path repo = fs::absolute(folder, ec);
    // --local-dir ROOT/hpcai-tech/OpenSora-STDiT-v3, then ROOT/models--hpcai-tech--.../snapshots/REV.
    for (const fs::path& candidate : {repo.parent_path().parent_path(), repo.parent_path().parent_path().parent_path()}) {
        const auto found = OpenSoraRepoFolders::find(candidate.string(), OpenSoraRepoFolders::kStdit);
        if (found && sameFolder(repo, *found))
            return candidate.string();
    }
    return std::nullopt; // an STDiT3 repo on its own, outside any layout
}

OpenSoraModelLayout OpenSoraModelLayout::locate(const std::string& folder)
{
    const auto root = rootFor(folder);
    if (!root)
        throw FileError(ErrorCode::MissingFile, folder,
                        isTransformerRepo(folder)
                            ? std::string("an STDiT3 repo outside the download layout: open the folder that holds ") +
                                  OpenSoraRepoFolders::kStdit + ", " + OpenSoraRepoFolders::kVae + " and " +
                                  OpenSoraRepoFolders::kT5
                            : std::string("no ") + OpenSoraRepoFolders::kStdit + " folder (config.json) here");
    OpenSoraModelLayout layout;
    layout.root = *root;
    layout.transformer = OpenSoraRepoFolders::require(*root, OpenSoraRepoFolders::kStdit);
    layout.vae = OpenSoraRepoFolders::require(*root, OpenSoraRepoFolders::kVae);
    layout.spatialVae = OpenSoraRepoFolders::spatialVaeFolder(*root, layout.vae);
    layout.textEncoder = OpenSoraRepoFolders::require(*root, OpenSoraRepoFolders::kT5);
    return layout;
}

} // namespace framesmith
