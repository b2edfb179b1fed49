#include "framesmith/ModelLibrary.h"

#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "models/ModelDiscovery.h"
#include "models/DemoTokenizer.h"
#include "models/ModelRegistry.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

bool isSameFolder(const std::string& a, const std::string& b)
{
    std::error_code ec;
    return fs::equivalent(a, b, ec);
}

} // namespace

std::string demoModelFolder()
{
    return dataFolder("demo-model");
}

std::vector<FoundModel> findModels(const std::vector<std::string>& userFolders)
{
    std::vector<FoundModel> out;
    const std::string demo = demoModelFolder();
    ModelDiscovery discovery;
    if (ModelRegistry::looksLikeAModel(demo))
        discovery.addUserFolder(demo);
    for (const std::string& folder : userFolders)
        discovery.addUserFolder(folder);
    for (DiscoveredModel& model : discovery.discover()) {
        const bool isDemo = model.source == "user" && isSameFolder(model.info.path, demo);
        FoundModel found{isDemo ? "demo" : model.source, model.repoId, std::move(model.info), model.problem};
        if (isDemo)
            out.insert(out.begin(), std::move(found));
        else
            out.push_back(std::move(found));
    }
    return out;
}

void writeDemoModel(const std::string& folder)
{
    if (ModelRegistry::families().empty())
        throw Error(ErrorCode::Internal, "this build has no model family");
    DemoModelOptions options;
    options.tokenizerDir = DemoTokenizer::findDir();
    // Written beside the target and renamed: a half-written demo (the app closed meanwhile) is
    // never mistaken for a model.
    const fs::path target(folder);
    const fs::path partial = target.string() + ".partial";
    std::error_code ec;
    fs::remove_all(partial, ec);
    fs::create_directories(partial.parent_path(), ec);
    ModelRegistry::families().front()->writeDemoModel(partial.string(), options);
    fs::remove_all(target, ec);
    fs::rename(partial, target, ec);
    if (ec)
        throw FileError(ErrorCode::Io, folder, "cannot move the demo model into place (" + ec.message() + ")");
}

} // namespace framesmith
