#include "text/python/PythonWhitespace.h"

#include "text/python/PythonUnicode.h"

namespace framesmith {

namespace {

// Decodes the code point starting at `i`; invalid bytes decode as themselves (never whitespace
// above 0x7f), so malformed input is left untouched rather than rejected.
char32_t decodeAt(const std::string& s, std::size_t i, std::size_t& length)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    length = 1;
    if (b0 < 0x80)
        return b0;
    const int extra = (b0 >> 5) == 0x6 ? 1 : (b0 >> 4) == 0xe ? 2 : (b0 >> 3) == 0x1e ? 3 : -1;
    if (extra < 0 || i + extra >= s.size())
        return 0xfffd;
    char32_t cp = b0 & (0x3f >> extra);
    for (int k = 1; k <= extra; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xc0) != 0x80)
            return 0xfffd;
        cp = (cp << 6) | (b & 0x3f);
    }
    length = static_cast<std::size_t>(extra) + 1;
    return cp;
}

std::size_t startOfLastCodePoint(const std::string& s, std::size_t end)
{
    std::size_t i = end - 1;
    while (i > 0 && end - i < 4 && (static_cast<unsigned char>(s[i]) & 0xc0) == 0x80)
        --i;
    return i;
}

} // namespace

bool isPythonWhitespace(char32_t c)
{
    return PythonUnicode::isSpace(c); // the one table of str.isspace() (PythonTextTables.inc)
}

std::string pythonLStrip(const std::string& s)
{
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t length = 1;
        if (!isPythonWhitespace(decodeAt(s, i, length)))
            break;
        i += length;
    }
    return s.substr(i);
}

std::string pythonRStrip(const std::string& s)
{
    std::size_t end = s.size();
    while (end > 0) {
        const std::size_t start = startOfLastCodePoint(s, end);
        std::size_t length = 1;
        const char32_t cp = decodeAt(s, start, length);
        if (start + length != end || !isPythonWhitespace(cp))
            break;
        end = start;
    }
    return s.substr(0, end);
}

} // namespace framesmith
