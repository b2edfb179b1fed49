#include "models/EvalCaseModel.h"

#include <filesystem>

namespace framesmith {

std::string evalCaseModelFolder(const nlohmann::json& caseMetadata, const std::string& casePath)
{
    namespace fs = std::filesystem;
    for (const char* key : {"model_dir", "models_dir", "scheduler_config"}) {
        if (!caseMetadata.contains(key) || !caseMetadata[key].is_string())
            continue;
        const fs::path relative(caseMetadata[key].get<std::string>());
        std::error_code ec;
        for (fs::path dir = fs::absolute(casePath, ec).parent_path(); !dir.empty(); dir = dir.parent_path()) {
            if (fs::exists(dir / relative, ec))
                return (dir / relative).string();
            if (dir == dir.root_path())
                break;
        }
    }
    return {};
}

} // namespace framesmith
