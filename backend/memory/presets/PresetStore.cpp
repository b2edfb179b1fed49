#include "memory/presets/PresetStore.h"

#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "memory/presets/BuiltinPresets.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace framesmith {
namespace fs = std::filesystem;

namespace {

// A preset is a few hundred bytes; the cap keeps a stray multi-gigabyte file (or a link to
// /dev/zero, a FIFO) in the presets folder from being read at all.
constexpr std::uintmax_t kMaxPresetBytes = 1 << 20;

std::string readFile(const fs::path& path)
{
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status))
        throw FileError(ErrorCode::MissingFile, path.string(), "preset file does not exist");
    if (!fs::is_regular_file(status))
        throw FileError(ErrorCode::BadFile, path.string(), "is not a regular file; a preset is a small .json file");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec || size > kMaxPresetBytes)
        throw FileError(ErrorCode::BadFile, path.string(),
                        (ec ? "size unknown (" + ec.message() + ")" : std::to_string(size) + " bytes") +
                            "; a preset is a small .json file of at most " + std::to_string(kMaxPresetBytes) +
                            " bytes");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(ErrorCode::Io, path.string(), "cannot be opened");
    std::string text(kMaxPresetBytes + 1, '\0'); // the file may have grown since it was measured
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxPresetBytes)
        throw FileError(ErrorCode::BadFile, path.string(), "grew past the preset size limit while being read");
    return text;
}

bool hasPresets(const fs::path& folder)
{
    std::error_code ec;
    return fs::is_regular_file(folder / "24gb.json", ec);
}

std::string findBuiltinFolder(const std::string& given)
{
    if (!given.empty())
        return given;
    if (const char* env = std::getenv("FRAMESMITH_PRESETS_DIR"); env && *env)
        return env;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (fs::path candidate : {exe.parent_path().parent_path() / "share" / "framesmith" / "presets",
                                   exe.parent_path() / "resources" / "presets"})
            if (hasPresets(candidate))
                return candidate.string();
    }
    return {};
}

std::vector<std::string> jsonStems(const std::string& folder)
{
    std::vector<std::string> names;
    std::error_code ec;
    if (folder.empty() || !fs::is_directory(folder, ec))
        return names;
    for (const auto& entry : fs::directory_iterator(folder, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json")
            names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

// A file name on every system; inner spaces are allowed ("Night shots"), as artists name things.
bool isSafeName(const std::string& name)
{
    return !name.empty() && name.size() <= 64 &&
           std::all_of(name.begin(), name.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == ' ';
           }) && name.front() != '.' && name.front() != ' ' && name.back() != ' ';
}

} // namespace

PresetStore::PresetStore(std::string builtinFolder, std::string userFolder)
    : m_builtinFolder(findBuiltinFolder(builtinFolder)),
      m_builtinSource(m_builtinFolder.empty() ? "compiled-in" : m_builtinFolder),
      m_userFolder(userFolder.empty() ? defaultUserFolder() : std::move(userFolder))
{
}

std::string PresetStore::defaultUserFolder()
{
    return dataFolder("presets"); // beside the clips and history, one data root for app and CLI
}

std::vector<std::string> PresetStore::builtinNames() const
{
    if (!m_builtinFolder.empty())
        return jsonStems(m_builtinFolder);
    std::vector<std::string> names;
    for (const auto& [name, text] : compiledInPresets())
        names.push_back(name);
    return names;
}

std::vector<std::string> PresetStore::userNames() const
{
    std::vector<std::string> names;
    for (const std::string& name : jsonStems(m_userFolder))
        if (!isBuiltin(name))
            names.push_back(name);
    return names;
}

std::vector<std::string> PresetStore::names() const
{
    std::vector<std::string> all = builtinNames();
    for (const std::string& name : userNames())
        all.push_back(name);
    return all;
}

bool PresetStore::isBuiltin(const std::string& name) const
{
    auto names = builtinNames();
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::string PresetStore::builtinText(const std::string& name) const
{
    if (!m_builtinFolder.empty()) {
        fs::path path = fs::path(m_builtinFolder) / (name + ".json");
        std::error_code ec;
        return fs::is_regular_file(path, ec) ? readFile(path) : std::string();
    }
    for (const auto& [builtin, text] : compiledInPresets())
        if (builtin == name)
            return text;
    return {};
}

MemoryPreset PresetStore::load(const std::string& nameOrPath) const
{
    std::error_code ec;
    if (nameOrPath.find('/') != std::string::npos || fs::path(nameOrPath).extension() == ".json") {
        return presetFromJson(readFile(nameOrPath), nameOrPath);
    }
    if (isSafeName(nameOrPath)) {
        if (std::string text = builtinText(nameOrPath); !text.empty())
            return presetFromJson(text, "built-in preset " + nameOrPath + " (" + m_builtinSource + ")");
        fs::path user = fs::path(m_userFolder) / (nameOrPath + ".json");
        if (fs::exists(user, ec))
            return presetFromJson(readFile(user), user.string());
    }
    std::string known;
    for (const std::string& name : names())
        known += (known.empty() ? "" : ", ") + name;
    throw InvalidRequestError("preset", "no preset named '" + nameOrPath + "' (known: " + known +
                                            "; or give a path to a preset .json)");
}

std::string PresetStore::save(const MemoryPreset& preset) const
{
    if (!isSafeName(preset.name))
        throw InvalidRequestError("preset.name", "'" + preset.name + "' must be 1-64 letters, digits, '-', '_' or '.'");
    if (isBuiltin(preset.name))
        throw InvalidRequestError("preset.name", "'" + preset.name + "' is a built-in preset; save it under another name");
    std::error_code ec;
    fs::create_directories(m_userFolder, ec);
    const fs::path target = fs::path(m_userFolder) / (preset.name + ".json");
    const fs::path temporary = target.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << toJson(preset) << "\n";
        out.flush();
        if (!out)
            throw FileError(ErrorCode::Io, temporary.string(), "could not be written");
    }
    fs::rename(temporary, target, ec);
    if (ec)
        throw FileError(ErrorCode::Io, target.string(), "could not be replaced: " + ec.message());
    return target.string();
}

void PresetStore::remove(const std::string& name) const
{
    if (isBuiltin(name))
        throw InvalidRequestError("preset", "'" + name + "' is built in and cannot be removed");
    std::error_code ec;
    if (!isSafeName(name) || !fs::remove(fs::path(m_userFolder) / (name + ".json"), ec))
        throw InvalidRequestError("preset", "no user preset named '" + name + "' in " + m_userFolder);
}

} // namespace framesmith
