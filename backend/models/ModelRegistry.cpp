#include "models/ModelRegistry.h"
#include "models/ModelFamilyRegistration.h"

#include "framesmith/Error.h"
#include "framesmith/ModelDownloads.h"

#include <filesystem>
#include <optional>

namespace fs = std::filesystem;

namespace framesmith {

// Every model family, one line each: FAMILY(name) links `std::unique_ptr<ModelFamily> nameFamily()`
// and `std::vector<DownloadableModel> nameDownloads()` (the Hub repos it publishes), both defined
// in backend/models/<name>/ (the repos are a function beside the family, not a ModelFamily method, so
// that declaring them left the header every family file includes alone). An explicit list, not
// static self-registration: objects of a static library that nothing references are dropped by the
// linker. The order is the order of
// families() (the first is make-demo-model's default).
#define FRAMESMITH_MODEL_FAMILIES(FAMILY) \
    FAMILY(cogvideox)                     \
    FAMILY(opensora)                      \
    FAMILY(wan)                           \
    /* a new family: one more line above this one */

#define FRAMESMITH_DECLARE_FAMILY(name)                                                             \
    std::unique_ptr<ModelFamily> name##Family();                                                    \
    std::vector<DownloadableModel> name##Downloads();
FRAMESMITH_MODEL_FAMILIES(FRAMESMITH_DECLARE_FAMILY)
#undef FRAMESMITH_DECLARE_FAMILY

namespace {

std::vector<std::unique_ptr<ModelFamily>> makeFamilies()
{
    std::vector<std::unique_ptr<ModelFamily>> list;
#define FRAMESMITH_ADD_FAMILY(name) list.push_back(name##Family());
    FRAMESMITH_MODEL_FAMILIES(FRAMESMITH_ADD_FAMILY)
#undef FRAMESMITH_ADD_FAMILY
    return list;
}

// What each family looks for, for the error about a folder none of them recognises.
std::string familyHints()
{
    std::string hints;
    for (const auto& family : ModelRegistry::families())
        hints += (hints.empty() ? "" : "; ") + family->info().displayName + ": " + family->info().folderHint;
    return hints;
}

} // namespace

std::vector<std::unique_ptr<ModelFamily>>& registeredFamilies()
{
    static std::vector<std::unique_ptr<ModelFamily>> list = makeFamilies();
    return list;
}

const std::vector<std::unique_ptr<ModelFamily>>& ModelRegistry::families()
{
    return registeredFamilies();
}

void registerModelFamily(std::unique_ptr<ModelFamily> family)
{
    registeredFamilies().push_back(std::move(family));
}

std::vector<DownloadableModel> ModelDownloads::catalog()
{
    std::vector<DownloadableModel> all;
#define FRAMESMITH_ADD_DOWNLOADS(name)                                                              \
    for (DownloadableModel& model : name##Downloads())                                              \
        all.push_back(std::move(model));
    FRAMESMITH_MODEL_FAMILIES(FRAMESMITH_ADD_DOWNLOADS)
#undef FRAMESMITH_ADD_DOWNLOADS
    return all;
}

const ModelFamily* ModelRegistry::find(const std::string& name)
{
    for (const auto& family : families())
        if (family->info().name == name)
            return family.get();
    return nullptr;
}

const ModelFamily* ModelRegistry::recognise(const std::string& folder)
{
    for (const auto& family : families())
        if (family->recognise(folder).isClaimed())
            return family.get();
    return nullptr;
}

bool ModelRegistry::looksLikeAModel(const std::string& folder)
{
    for (const auto& family : families()) {
        const FolderRecognition seen = family->recognise(folder);
        if (!seen.isForeign() || seen.problem) // a hinted folder is listed with the hint as its problem
            return true;
    }
    return false;
}

const ModelFamily& ModelRegistry::familyOf(const std::string& folder)
{
    std::error_code ec;
    if (!fs::exists(folder, ec))
        throw FileError(ErrorCode::MissingFile, folder, "no such folder");
    if (!fs::is_directory(folder, ec))
        throw FileError(ErrorCode::BadFile, folder, "is a file, expected a model folder");
    std::optional<FileError> refusal, hint;
    for (const auto& family : families()) {
        FolderRecognition seen = family->recognise(folder);
        if (seen.isClaimed())
            return *family;
        // The first family in registry order whose marker is there speaks; a hint only when none is.
        std::optional<FileError>& slot = seen.isRefused() ? refusal : hint;
        if (!slot && seen.problem)
            slot = seen.problem;
    }
    if (refusal)
        throw *refusal;
    if (hint)
        throw *hint;
    throw FileError(ErrorCode::MissingFile, folder,
                    "is not a model folder this build can run (" + familyHints() + ")");
}

const ModelFamily* ModelRegistry::recogniseAbove(const std::string& path, std::string* root)
{
    std::error_code ec;
    for (fs::path p = fs::absolute(path, ec); !p.empty(); p = p.parent_path()) {
        if (const ModelFamily* family = recognise(p.string())) {
            if (root)
                *root = p.string();
            return family;
        }
        if (p == p.root_path())
            break;
    }
    return nullptr;
}

ModelInspection ModelRegistry::inspect(const std::string& folder)
{
    return familyOf(folder).inspect(folder);
}

std::unique_ptr<ModelPlanning> ModelRegistry::planning(const std::string& folder)
{
    return familyOf(folder).planning(folder);
}

std::unique_ptr<VideoPipeline> ModelRegistry::createPipeline(const std::string& folder, const PipelineResources& resources)
{
    return familyOf(folder).createPipeline(folder, resources);
}

ModelInfo inspectModelFolder(const std::string& path)
{
    return ModelRegistry::inspect(path).info;
}

std::vector<ModelFamilyInfo> modelFamilies()
{
    std::vector<ModelFamilyInfo> out;
    for (const auto& family : ModelRegistry::families())
        out.push_back(family->info());
    return out;
}

} // namespace framesmith
