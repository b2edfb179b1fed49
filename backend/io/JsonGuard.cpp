#include "io/JsonGuard.h"

#include "framesmith/Error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

namespace framesmith {

int JsonGuard::nestingDepth(const char* text, std::size_t size, int limit)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < size; ++i) {
        char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character can be a quote
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > limit)
                return deepest;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

nlohmann::json JsonGuard::parse(const char* text, std::size_t size, int maxDepth, const std::string& path,
                                const std::string& what)
{
    // nlohmann's parser is iterative but its DOM and error paths are not designed for
    // adversarial depth; a header never needs more than a few levels.
    if (nestingDepth(text, size, maxDepth) > maxDepth)
        throw FileError(ErrorCode::BadFile, path,
                        what + " nests deeper than " + std::to_string(maxDepth) + " levels (corrupt or hostile)");
    try {
        return nlohmann::json::parse(text, text + size);
    } catch (const nlohmann::json::exception& e) {
        std::string reason = e.what(); // "[json.exception.parse_error.101] parse error at ..."
        if (reason.rfind("[json.exception", 0) == 0 && reason.find("] ") != std::string::npos)
            reason = reason.substr(reason.find("] ") + 2);
        throw FileError(ErrorCode::BadFile, path, what + " is not valid JSON (" + reason + ")");
    }
}

nlohmann::json JsonGuard::readFile(const std::string& path, int maxDepth)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw FileError(errno == ENOENT || errno == ENOTDIR ? ErrorCode::MissingFile : ErrorCode::Io, path,
                        std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        throw FileError(ErrorCode::BadFile, path, "is a directory, expected a JSON file");
    if (!S_ISREG(st.st_mode))
        throw FileError(ErrorCode::BadFile, path, "is not a regular file");
    if (static_cast<std::uint64_t>(st.st_size) > kMaxFileBytes)
        throw FileError(ErrorCode::BadFile, path,
                        "is " + std::to_string(st.st_size) + " bytes, more than any JSON config can need");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(ErrorCode::Io, path, std::string("cannot open: ") + std::strerror(errno));
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.gcount() != static_cast<std::streamsize>(text.size()))
        throw FileError(ErrorCode::Io, path, "read failed");
    return parse(text.data(), text.size(), maxDepth, path, "the file");
}

} // namespace framesmith
