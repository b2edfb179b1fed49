#include "pipeline/ModelFilesCheck.h"

#include "io/WeightSource.h"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

bool holdsWeights(const fs::path& folder)
{
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > 12 && (name.rfind(".safetensors") == name.size() - 12 ||
                                 name.find(".safetensors.index.json") != std::string::npos))
            return true;
    }
    return false;
}

} // namespace

void ModelFilesCheck::requireReadable(const std::string& modelFolder)
{
    std::error_code ec;
    std::vector<fs::path> components;
    for (const auto& entry : fs::directory_iterator(modelFolder, ec))
        if (entry.is_directory(ec) && holdsWeights(entry.path()))
            components.push_back(entry.path());
    std::sort(components.begin(), components.end()); // the same component is blamed first every time
    for (const fs::path& component : components)
        WeightSource::open(component.string()); // parses and checks every header; throws FileError
}

} // namespace framesmith
