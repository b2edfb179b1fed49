#include "models/ModelDiscovery.h"

#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"
#include "io/DiskUsage.h"
#include "models/ModelRegistry.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

std::string env(const char* name)
{
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

bool isDirectory(const fs::path& p)
{
    std::error_code ec;
    return fs::is_directory(p, ec);
}

// A folder some family claims or comes close to (listed, with its problem when it cannot run).
bool isModelFolder(const fs::path& p)
{
    return ModelRegistry::looksLikeAModel(p.string());
}

std::vector<fs::path> subfolders(const fs::path& folder)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (isDirectory(it->path()))
            out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

void addExisting(std::vector<std::string>& roots, const std::string& candidate)
{
    if (candidate.empty() || !isDirectory(candidate))
        return;
    for (const auto& r : roots) {
        std::error_code ec;
        if (fs::equivalent(r, candidate, ec))
            return;
    }
    roots.push_back(candidate);
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to)
{
    for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
        s.replace(pos, from.size(), to);
    return s;
}

DiscoveredModel describe(const fs::path& folder, const std::string& source, const std::string& repoId)
{
    DiscoveredModel model{source, repoId, {}, {}};
    try {
        model.info = ModelRegistry::inspect(folder.string()).info;
    } catch (const Error& e) {
        model.problem = e.what();
        model.info.path = folder.string();
        model.info.displayName = repoId;
        model.info.sizeOnDiskBytes = static_cast<std::int64_t>(DiskUsage::bytes(folder.string()));
    }
    return model;
}

} // namespace

ModelDiscovery::Roots ModelDiscovery::defaultRoots()
{
    Roots roots;
    const std::string home = env("HOME");
    const std::string xdg = env("XDG_CACHE_HOME").empty() ? home + "/.cache" : env("XDG_CACHE_HOME");
    addExisting(roots.huggingFace, env("HF_HUB_CACHE"));
    addExisting(roots.huggingFace, env("HUGGINGFACE_HUB_CACHE"));
    if (!env("HF_HOME").empty())
        addExisting(roots.huggingFace, env("HF_HOME") + "/hub");
    addExisting(roots.huggingFace, xdg + "/huggingface/hub");
    if (!home.empty())
        addExisting(roots.huggingFace, home + "/.cache/huggingface/hub");
    if (!env("MODELSCOPE_CACHE").empty()) {
        addExisting(roots.modelScope, env("MODELSCOPE_CACHE"));
        addExisting(roots.modelScope, env("MODELSCOPE_CACHE") + "/hub");
    }
    if (!home.empty())
        addExisting(roots.modelScope, home + "/.cache/modelscope/hub");
    return roots;
}

ModelDiscovery::ModelDiscovery(Roots roots) : m_roots(std::move(roots)) {}

void ModelDiscovery::addUserFolder(const std::string& folder)
{
    m_userFolders.push_back(folder);
}

std::string ModelDiscovery::resolveHubSnapshot(const std::string& repoFolder)
{
    const fs::path repo(repoFolder);
    std::string revision;
    try { // a FIFO or a huge file named refs/main is no revision (and must not hang discovery)
        revision = BoundedFileReader::read((repo / "refs" / "main").string(), 4096, "hub cache ref");
    } catch (const FileError&) {
    }
    revision = revision.substr(0, revision.find('\n'));
    if (!revision.empty()) {
        revision.erase(revision.find_last_not_of(" \t\r\n") + 1);
        // A revision is a commit hash; anything with a separator would escape snapshots/.
        if (!revision.empty() && revision.find('/') == std::string::npos && revision != "." && revision != ".." &&
            isModelFolder(repo / "snapshots" / revision))
            return (repo / "snapshots" / revision).string();
    }
    fs::path newest;
    fs::file_time_type newestTime{};
    for (const auto& snapshot : subfolders(repo / "snapshots")) {
        std::error_code ec;
        auto time = fs::last_write_time(snapshot, ec);
        if (!ec && isModelFolder(snapshot) && (newest.empty() || time > newestTime)) {
            newest = snapshot;
            newestTime = time;
        }
    }
    return newest.string();
}

std::vector<DiscoveredModel> ModelDiscovery::discover() const
{
    std::vector<DiscoveredModel> found;
    std::set<std::string> seen; // canonical paths: a user folder may also be a cache snapshot
    auto add = [&](const fs::path& folder, const std::string& source, const std::string& repoId) {
        std::error_code ec;
        fs::path canonical = fs::canonical(folder, ec);
        if (!ec && seen.insert(canonical.string()).second)
            found.push_back(describe(folder, source, repoId));
    };
    for (const auto& root : m_roots.huggingFace)
        for (const auto& repo : subfolders(root)) {
            const std::string name = repo.filename().string();
            if (name.rfind("models--", 0) != 0)
                continue; // datasets--, spaces--, .locks
            const std::string snapshot = resolveHubSnapshot(repo.string());
            if (!snapshot.empty())
                add(snapshot, "huggingface", replaceAll(name.substr(8), "--", "/"));
        }
    for (const auto& root : m_roots.modelScope)
        for (const fs::path& base : {fs::path(root), fs::path(root) / "models"})
            for (const auto& org : subfolders(base))
                for (const auto& model : subfolders(org))
                    if (isModelFolder(model)) // ModelScope writes "." in names as "___"
                        add(model, "modelscope",
                            org.filename().string() + "/" + replaceAll(model.filename().string(), "___", "."));
    for (const auto& folder : m_userFolders) {
        std::error_code ec;
        const fs::path named = fs::weakly_canonical(folder, ec); // "models/" has no filename()
        if (isModelFolder(folder))
            add(folder, "user", named.filename().string());
        else
            for (const auto& sub : subfolders(folder))
                if (isModelFolder(sub))
                    add(sub, "user", sub.filename().string());
    }
    return found;
}

} // namespace framesmith
