// Engine::verifyModel: the complete check of a model folder the app runs when it is opened,
// without loading weights.
#include "framesmith/Engine.h"

#include "framesmith/Error.h"
#include "io/WeightSource.h"
#include "models/ModelInspection.h"
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
void checkWeights(const ModelInspection& model, std::vector<std::string>& problems)
{
    for (const ModelComponent& component : model.components) {
        if (component.folder.empty() || !hasWeightFiles(component.folder))
            continue; // missingFiles names the weights a component should have
        try {
            WeightSource::open(component.folder);
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
        const ModelInspection model = ModelRegistry::inspect(folder); // the family that recognises it reads it
        check.info = model.info;
        check.isModel = true;
        for (const auto& missing : model.missingFiles)
            check.problems.push_back(folder + "/" + missing + ": missing");
        checkWeights(model, check.problems);
        check.spec = parameterSpec(folder);
    } catch (const std::exception& e) {
        check.problems.push_back(e.what());
    }
    return check;
}

} // namespace framesmith
