// `framesmith-cli download REPO[@REV] [--include GLOB ...]`: a model from the Hugging Face Hub (or
// the mirror HF_ENDPOINT names) into the Hub cache, where the app and `inspect` find it; `--list`
// shows the models the families publish, with their sizes.
#include "cli/CliCommand.h"

#include "cli/DownloadProgressLine.h"
#include "cli/InterruptCancel.h"
#include "framesmith/HubError.h"
#include "framesmith/ModelDownloads.h"

#include <algorithm>
#include <cctype>
#include <iostream>

namespace framesmith::cli {

namespace {

std::string lowercase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// A catalog model by its name or its first repo (any case), else nullptr.
const DownloadableModel* catalogEntry(const std::vector<DownloadableModel>& catalog, const std::string& name)
{
    for (const auto& model : catalog)
        if (lowercase(model.name) == lowercase(name) || lowercase(model.repos.front().repoId) == lowercase(name))
            return &model;
    return nullptr;
}

// REPO[@REV] or a catalog model; --include replaces the catalog's own patterns.
std::vector<HubRepoRequest> requestsFor(const std::string& given, const std::vector<std::string>& includes)
{
    const auto at = given.find('@');
    const std::string name = given.substr(0, at);
    const std::string revision = at == std::string::npos ? "main" : given.substr(at + 1);
    if (revision.empty())
        throw InvalidRequestError("revision", "'" + given + "' names no revision after '@'");
    const auto catalog = ModelDownloads::catalog();
    std::vector<HubRepoRequest> repos;
    if (const DownloadableModel* model = catalogEntry(catalog, name)) {
        repos = model->repos;
        for (auto& repo : repos) {
            if (at != std::string::npos)
                repo.revision = revision;
            if (!includes.empty())
                repo.includes = includes;
        }
    } else {
        repos.push_back(HubRepoRequest{name, revision, includes});
    }
    return repos;
}

int listCatalog(const HubSettings& settings, const CancelToken& cancel)
{
    for (const auto& model : ModelDownloads::catalog()) {
        std::string size;
        try {
            size = DownloadProgressLine::bytes(ModelDownloads::sizeOf(model.repos, settings, cancel));
        } catch (const Error& e) {
            size = std::string("size unknown: ") + e.what();
        }
        std::cout << model.name << "  (" << model.family << ")  " << size << "\n  " << model.description << "\n";
        for (const auto& repo : model.repos)
            std::cout << "  " << repo.repoId << "\n";
    }
    return kExitOk;
}

int runDownload(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--list", "--quiet"});
    args.rejectUnknown({"--include", "--cache-dir", "--list", "--quiet"});
    HubSettings settings = HubSettings::fromEnvironment();
    if (auto dir = args.value("--cache-dir"))
        settings.cacheDir = *dir;
    if (!ModelDownloads::isAvailable())
        throw Error(ErrorCode::Unavailable, "this framesmith-cli was built without download support (libcurl was not "
                                            "found); rebuild with libcurl4-openssl-dev installed, or use "
                                            "`huggingface-cli download`: the models land in the same cache");
    CancelToken cancel;
    InterruptCancel interrupt(cancel);
    if (args.has("--list"))
        return listCatalog(settings, cancel);
    if (args.positionals().size() != 1)
        throw InvalidRequestError("download", "give one REPO[@REVISION] (e.g. org/name@main) or a model from "
                                              "`framesmith-cli download --list`");
    const auto repos = requestsFor(args.positionals().front(), args.values("--include"));
    DownloadProgressLine line(args.has("--quiet"));
    const auto done = ModelDownloads::download(repos, settings, [&](const DownloadProgress& p) { line.update(p); }, cancel);
    line.finish();
    for (const auto& repo : done)
        std::cout << repo.repoId << " @ " << repo.commit << ": " << repo.fileCount << " files in "
                  << repo.snapshotFolder << " (" << DownloadProgressLine::bytes(repo.bytesFetched) << " fetched)\n";
    std::cout << "framesmith-cli inspect " << done.front().snapshotFolder << "   # the app lists it by itself\n";
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("download",
                       "download REPO[@REVISION] [--include GLOB ...] [--cache-dir DIR] [--quiet] | download --list",
                       "fetch a model from the Hugging Face Hub into its cache (HF_HUB_CACHE or HF_HOME/hub; "
                       "HF_ENDPOINT for a mirror; HF_TOKEN or ~/.cache/huggingface/token for gated repos), resuming "
                       "what an earlier run left and checking every file's sha256. A model from --list fetches all "
                       "its repos, only the files Framesmith reads unless --include is given",
                       runDownload);

} // namespace framesmith::cli
