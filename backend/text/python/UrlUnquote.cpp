#include "text/python/UrlUnquote.h"

#include "text/python/PythonUnicode.h"

namespace framesmith {

namespace {

int hexValue(char32_t c)
{
    if (c >= U'0' && c <= U'9')
        return int(c - U'0');
    if (c >= U'a' && c <= U'f')
        return int(c - U'a' + 10);
    if (c >= U'A' && c <= U'F')
        return int(c - U'A' + 10);
    return -1;
}

// unquote_to_bytes on an ASCII run, then .decode("utf-8", "replace").
std::u32string decodeAsciiRun(const std::u32string& run)
{
    std::string bytes;
    for (std::size_t i = 0; i < run.size(); ++i) {
        if (run[i] == U'%' && i + 2 < run.size() && hexValue(run[i + 1]) >= 0
            && hexValue(run[i + 2]) >= 0) {
            bytes.push_back(static_cast<char>(hexValue(run[i + 1]) * 16 + hexValue(run[i + 2])));
            i += 2;
        } else {
            bytes.push_back(static_cast<char>(run[i]));
        }
    }
    return PythonUnicode::fromUtf8(bytes);
}

} // namespace

std::u32string UrlUnquote::unquote(const std::u32string& text)
{
    if (text.find(U'%') == std::u32string::npos)
        return text;
    std::u32string out;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t j = i;
        const bool isAscii = text[i] < 0x80;
        while (j < text.size() && (text[j] < 0x80) == isAscii)
            ++j;
        const std::u32string run = text.substr(i, j - i);
        out += isAscii ? decodeAsciiRun(run) : run;
        i = j;
    }
    return out;
}

std::u32string UrlUnquote::unquotePlus(const std::u32string& text)
{
    std::u32string spaced = text;
    for (char32_t& c : spaced)
        if (c == U'+')
            c = U' ';
    return unquote(spaced);
}

} // namespace framesmith
