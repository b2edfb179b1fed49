// Engine::verifyModel: the complete check of a model folder the app runs when it is opened,
// without loading weights.
#include "framesmith/Engine.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"
#include "io/WeightSource.h"
#include "models/ModelRegistry.h"

#include <filesystem>

namespace framesmith {

namespace {

bool hasWeightFiles(const std::filesystem::path& folder)
{
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().filename().string().find(".safetensors") != std::string::npos)
            return true;
    return false;
}

// Opening a component's weights validates every shard's header and tensor table, as inspect does.
void checkWeights(const DiffusersModelFolder& folder, std::vector<std::string>& problems)
{
    for (const auto& component : folder.components()) {
        const std::filesystem::path dir = std::filesystem::path(folder.path()) / component;
        if (!hasWeightFiles(dir))
            continue; // missingFiles() names the weights a component should have
        try {
            WeightSource::open(dir.string());
        } catch (const std::exception& e) {
            problems.push_back(e.what());
        }
    }
}

} // namespace

ModelCheck Engine::verifyModel(const std::string& folder)
{
    ModelCheck check;
    try {
        const DiffusersModelFolder model(folder);
        check.info = model.info();
        check.isModel = true;
        for (const auto& missing : model.missingFiles())
            check.problems.push_back(folder + "/" + missing + ": missing");
        checkWeights(model, check.problems);
        check.spec = parameterSpec(folder);
    } catch (const std::exception& e) {
        check.problems.push_back(e.what());
    }
    return check;
}

} // namespace framesmith
