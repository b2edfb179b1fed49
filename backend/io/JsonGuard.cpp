#include "io/JsonGuard.h"

#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"

#include <algorithm>

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
    const std::string text = BoundedFileReader::read(path, kMaxFileBytes, "JSON file");
    return parse(text.data(), text.size(), maxDepth, path, "the file");
}

} // namespace framesmith
