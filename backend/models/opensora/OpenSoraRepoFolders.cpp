#include "models/opensora/OpenSoraRepoFolders.h"

#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"
#include "io/JsonGuard.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"

#include <filesystem>
#include <fstream>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

bool hasConfig(const fs::path& folder)
{
    std::error_code ec;
    return fs::is_regular_file(folder / "config.json", ec);
}

std::optional<fs::path> cacheSnapshot(const fs::path& root, const std::string& repoId)
{
    std::string cacheName = "models--" + repoId;
    for (auto pos = cacheName.find('/'); pos != std::string::npos; pos = cacheName.find('/'))
        cacheName.replace(pos, 1, "--");
    const fs::path repo = root / cacheName;
    std::string revision;
    try { // a FIFO or a huge file named refs/main is no revision (and must not hang discovery)
        revision = BoundedFileReader::read((repo / "refs" / "main").string(), 4096, "hub cache ref");
    } catch (const FileError&) {
    }
    revision = revision.substr(0, revision.find('\n'));
    if (!revision.empty()) {
        revision.erase(revision.find_last_not_of(" \t\r\n") + 1);
        // A revision is a commit hash; anything with a separator would escape snapshots/.
        if (!revision.empty() && revision.find('/') == std::string::npos && revision != "." && revision != "..")
            return repo / "snapshots" / revision;
    }
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(repo / "snapshots", ec))
        if (entry.is_directory(ec))
            return entry.path();
    return std::nullopt;
}

} // namespace

std::optional<std::string> OpenSoraRepoFolders::find(const std::string& root, const std::string& repoId)
{
    if (repoId.empty() || repoId.find("..") != std::string::npos)
        return std::nullopt;
    const fs::path direct = fs::path(root) / repoId;
    if (hasConfig(direct))
        return direct.string();
    const std::string owner = repoId.substr(0, repoId.find('/')), rest = repoId.substr(repoId.find('/') + 1);
    if (auto snapshot = cacheSnapshot(root, owner + "/" + rest.substr(0, rest.find('/')))) {
        // A subfolder inside a repo ("org/name/vae") lives inside the snapshot.
        const fs::path inside = rest.find('/') == std::string::npos ? *snapshot : *snapshot / rest.substr(rest.find('/') + 1);
        if (hasConfig(inside))
            return inside.string();
    }
    return std::nullopt;
}

std::string OpenSoraRepoFolders::require(const std::string& root, const std::string& repoId)
{
    if (auto folder = find(root, repoId))
        return *folder;
    throw FileError(ErrorCode::MissingFile, (fs::path(root) / repoId).string(),
                    "no " + repoId + " folder with a config.json (looked for " + root + "/" + repoId + " and the Hub "
                    "cache entry models--" + repoId + ")");
}

std::string OpenSoraRepoFolders::spatialVaeFolder(const std::string& root, const std::string& vaeRepoFolder)
{
    const std::string configPath = (fs::path(vaeRepoFolder) / "config.json").string();
    const OpenSoraVaeConfig config = OpenSoraVaeConfig::fromRepoJson(JsonGuard::readFile(configPath), configPath);
    std::string repo = config.spatialRepo;
    if (!config.spatialSubfolder.empty())
        repo += "/" + config.spatialSubfolder;
    const std::string base = root.empty() ? fs::path(vaeRepoFolder).parent_path().parent_path().string() : root;
    return require(base, repo);
}

} // namespace framesmith
