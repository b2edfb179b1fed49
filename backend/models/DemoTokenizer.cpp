#include "models/DemoTokenizer.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

const std::vector<std::string>& DemoTokenizer::files()
{
    static const std::vector<std::string> names = {"spiece.model", "tokenizer_config.json", "special_tokens_map.json",
                                                   "added_tokens.json"};
    return names;
}

std::string DemoTokenizer::findDir()
{
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("FRAMESMITH_DEMO_TOKENIZER"); env && *env)
        candidates.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        candidates.push_back(exe.parent_path() / ".." / "share" / "framesmith" / "demo-tokenizer");
        candidates.push_back(exe.parent_path() / ".." / ".." / "resources" / "demo-tokenizer");
    }
    for (const auto& c : candidates)
        if (fs::exists(c / "spiece.model"))
            return fs::weakly_canonical(c).string();
    throw FileError(ErrorCode::MissingFile, "demo-tokenizer",
                    "not found next to the program; set FRAMESMITH_DEMO_TOKENIZER or pass --tokenizer DIR");
}

void DemoTokenizer::copyTo(const std::string& tokenizerDir, const std::string& targetDir)
{
    for (const std::string& name : files())
        if (!fs::exists(fs::path(tokenizerDir) / name))
            throw FileError(ErrorCode::MissingFile, (fs::path(tokenizerDir) / name).string(), "demo tokenizer file missing");
    fs::create_directories(targetDir);
    for (const std::string& name : files())
        fs::copy_file(fs::path(tokenizerDir) / name, fs::path(targetDir) / name, fs::copy_options::overwrite_existing);
}

int DemoTokenizer::vocabSize(const std::string& tokenizerDir)
{
    const std::string path = (fs::path(tokenizerDir) / "added_tokens.json").string();
    const nlohmann::json added = JsonGuard::readFile(path);
    if (!added.is_object() || added.empty())
        throw FileError(ErrorCode::BadFile, path, "is not a token map");
    int maxId = 0;
    for (const auto& [token, id] : added.items()) {
        if (!id.is_number_integer() || id.get<std::int64_t>() < 0 || id.get<std::int64_t>() > 10'000'000)
            throw FileError(ErrorCode::BadFile, path, "id of '" + token + "' is not a token id");
        maxId = std::max(maxId, id.get<int>());
    }
    return maxId + 1;
}

} // namespace framesmith
