#include "models/opensora/OpenSoraModelFolders.h"

#include "framesmith/Error.h"

#include <filesystem>
#include <fstream>
#include <vector>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

bool hasConfig(const fs::path& dir)
{
    std::error_code ec;
    return fs::is_regular_file(dir / "config.json", ec);
}

// models--owner--name/snapshots/<rev>: refs/main names the revision a download ended on.
std::optional<std::string> cacheSnapshot(const fs::path& entry)
{
    std::error_code ec;
    if (!fs::is_directory(entry / "snapshots", ec))
        return std::nullopt;
    std::ifstream ref(entry / "refs" / "main");
    std::string revision;
    if (ref && std::getline(ref, revision) && !revision.empty() && revision.find('/') == std::string::npos &&
        hasConfig(entry / "snapshots" / revision))
        return (entry / "snapshots" / revision).string();
    std::vector<fs::path> snapshots;
    for (const auto& item : fs::directory_iterator(entry / "snapshots", ec))
        if (hasConfig(item.path()))
            snapshots.push_back(item.path());
    if (snapshots.size() == 1)
        return snapshots.front().string();
    return std::nullopt; // several snapshots and no refs/main: which one the user means is unknowable
}

std::string cacheEntryName(std::string repoId) // "owner/name" -> "models--owner--name"
{
    for (std::size_t at = repoId.find('/'); at != std::string::npos; at = repoId.find('/'))
        repoId.replace(at, 1, "--");
    return "models--" + repoId;
}

} // namespace

std::optional<std::string> OpenSoraModelFolders::findRepo(const std::string& root, const std::string& repoId)
{
    const fs::path direct = fs::path(root) / repoId;
    if (hasConfig(direct))
        return direct.string();
    return cacheSnapshot(fs::path(root) / cacheEntryName(repoId));
}

OpenSoraModelFolders OpenSoraModelFolders::locate(const std::string& root)
{
    auto need = [&](const char* repo, const char* role) {
        if (auto dir = findRepo(root, repo))
            return *dir;
        throw FileError(ErrorCode::MissingFile, root,
                        std::string("no ") + role + " repo " + repo + " here (expected " + repo +
                            "/config.json, or the Hugging Face cache entry " + cacheEntryName(repo) + ")");
    };
    OpenSoraModelFolders f;
    f.root = root;
    f.transformer = need(kTransformerRepo, "STDiT3");
    f.vae = need(kVaeRepo, "VAE");
    f.textEncoder = need(kTextEncoderRepo, "T5");
    return f;
}

bool OpenSoraModelFolders::isComplete(const std::string& root)
{
    return findRepo(root, kTransformerRepo) && findRepo(root, kVaeRepo) && findRepo(root, kTextEncoderRepo);
}

} // namespace framesmith
