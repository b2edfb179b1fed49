#pragma once
// Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
// Linux allows any bytes in arguments and file names, but prompts and paths end up in JSON
// (checkpoint metadata, sidecars, history), which must be valid UTF-8: a request is checked once,
// up front, instead of failing after the denoise. Torch-free; any thread.
#include <cstddef>
#include <string>

namespace framesmith {

class Utf8 {
public:
    // True when `text` is valid; otherwise *badOffset (if given) is the first bad byte's offset.
    static bool isValid(const std::string& text, std::size_t* badOffset = nullptr);
};

} // namespace framesmith
