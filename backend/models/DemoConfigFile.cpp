#include "models/DemoConfigFile.h"

#include "framesmith/Error.h"

#include <filesystem>
#include <fstream>

namespace framesmith {

namespace fs = std::filesystem;

void DemoConfigFile::write(const std::string& pathText, const nlohmann::json& value)
{
    const fs::path path(pathText);
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        out << value.dump(2) << "\n";
        if (!out)
            throw FileError(ErrorCode::Io, path.string(), "cannot write");
    }
    fs::rename(tmp, path, ec);
    if (ec)
        throw FileError(ErrorCode::Io, path.string(), "cannot write: " + ec.message());
}

} // namespace framesmith
