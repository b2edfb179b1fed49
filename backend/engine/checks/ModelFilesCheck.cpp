#include "engine/checks/ModelFilesCheck.h"

#include "framesmith/Error.h"
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

// Every weight these families load is floating point; an I32 tensor of the right shape used to
// pass every check and fail after text encoding with "self and mat2 must have the same dtype".
void requireFloatingWeights(const WeightSource& weights, const fs::path& component)
{
    static const char* const kFloating[] = {"F64", "F32", "F16", "BF16", "F8_E4M3", "F8_E5M2"};
    for (const std::string& name : weights.names()) {
        const std::string& dtype = weights.find(name)->dtype;
        if (std::find(std::begin(kFloating), std::end(kFloating), dtype) == std::end(kFloating))
            throw FileError(ErrorCode::BadFile, (component / fs::path(weights.fileOf(name)).filename()).string(),
                            "tensor '" + name + "' is " + dtype + ", but model weights are floating point (F32, F16, "
                            "BF16, F8): the file is corrupt or belongs to something else");
    }
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
        requireFloatingWeights(WeightSource::open(component.string()), component); // parses and checks every header
}

} // namespace framesmith
