#pragma once
// Parses untrusted JSON (safetensors headers, shard indexes, model configs) without letting a
// hostile file exhaust the stack or memory: size and nesting depth are checked before parsing,
// and every failure becomes a FileError naming the file. Torch-free; any thread.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace framesmith {

class JsonGuard {
public:
    static constexpr std::size_t kMaxFileBytes = 100'000'000;

    // Nesting depth of `text` counted over '[' and '{' outside strings; stops early past `limit`.
    static int nestingDepth(const char* text, std::size_t size, int limit);

    // Throws FileError(BadFile, path, ...) naming `what` ("header", "model_index.json") when the
    // text nests deeper than maxDepth or is not valid JSON.
    static nlohmann::json parse(const char* text, std::size_t size, int maxDepth, const std::string& path,
                                const std::string& what);

    // Reads and parses a whole file (at most kMaxFileBytes): MissingFile when it does not exist,
    // BadFile when it is a directory, too big or not JSON, Io when it cannot be read.
    static nlohmann::json readFile(const std::string& path, int maxDepth = 32);
};

} // namespace framesmith
