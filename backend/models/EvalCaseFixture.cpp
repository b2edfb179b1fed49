#include "models/EvalCaseFixture.h"

#include "framesmith/Error.h"

#include <filesystem>
#include <regex>

namespace framesmith {

std::uint64_t EvalCaseFixture::seedFromCall(const std::string& generatorText)
{
    std::smatch m;
    if (!std::regex_search(generatorText, m, std::regex("manual_seed\\((\\d+)\\)")))
        throw InvalidRequestError("generator", "no manual_seed(N) in '" + generatorText + "'");
    return std::stoull(m[1].str());
}

std::string EvalCaseFixture::resolveFixturePath(const std::string& relative, const std::string& casePath,
                                                const std::string& override)
{
    namespace fs = std::filesystem;
    if (!override.empty())
        return override;
    for (fs::path dir = fs::absolute(casePath).parent_path(); !dir.empty(); dir = dir.parent_path()) {
        if (fs::exists(dir / relative))
            return (dir / relative).string();
        if (dir == dir.root_path())
            break;
    }
    throw FileError(ErrorCode::MissingFile, relative, "not found above " + casePath + " (pass --model DIR)");
}

} // namespace framesmith
