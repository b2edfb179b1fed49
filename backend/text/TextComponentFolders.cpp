#include "text/TextComponentFolders.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

std::string componentOf(const std::string& dir, const char* component, const char* marker)
{
    std::error_code ec;
    const fs::path candidate = fs::path(dir) / component;
    return fs::exists(candidate / marker, ec) ? candidate.string() : dir;
}

} // namespace

std::string tokenizerFolderOf(const std::string& dir)
{
    return componentOf(dir, "tokenizer", "spiece.model");
}

std::string textEncoderFolderOf(const std::string& dir)
{
    return componentOf(dir, "text_encoder", "config.json");
}

} // namespace framesmith
