#pragma once
// urllib.parse.unquote_plus: '+' becomes a space, then every run of ASCII characters has its %XX
// escapes turned into bytes and decoded as UTF-8 (errors="replace"); other characters are kept.
// Stateless; any thread.
#include <string>

namespace framesmith {

class UrlUnquote {
public:
    static std::u32string unquotePlus(const std::u32string& text);
    static std::u32string unquote(const std::u32string& text);
};

} // namespace framesmith
