#include "framesmith/DataFolders.h"

#include <cstdlib>
#include <filesystem>

namespace framesmith {

namespace {
namespace fs = std::filesystem;

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value && *value ? value : "";
}

fs::path xdgDataHome()
{
    if (const std::string xdg = environment("XDG_DATA_HOME"); !xdg.empty())
        return xdg;
    const std::string home = environment("HOME");
    return fs::path(home.empty() ? "." : home) / ".local" / "share";
}
} // namespace

std::string dataRoot()
{
    if (const std::string root = environment("FRAMESMITH_DATA_DIR"); !root.empty())
        return root;
    return (xdgDataHome() / "Framesmith").string();
}

std::string dataFolder(const std::string& name) { return (fs::path(dataRoot()) / name).string(); }

std::string legacyPresetsFolder() { return (xdgDataHome() / "framesmith" / "presets").string(); }

} // namespace framesmith
