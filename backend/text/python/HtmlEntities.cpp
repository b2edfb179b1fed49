#include "text/python/HtmlEntities.h"

#include "text/python/PythonRegex.h"
#include "text/python/PythonTextTables.h"

#include <algorithm>
#include <cstring>

namespace framesmith {

namespace t = python::tables;

namespace {

std::optional<std::u32string> lookup(const t::Table<t::NamedEntity>& table, const std::u32string& name)
{
    std::string ascii;
    for (char32_t c : name) {
        if (c > 0x7F)
            return std::nullopt; // every entity name is ASCII
        ascii.push_back(static_cast<char>(c));
    }
    auto it = std::lower_bound(table.begin(), table.end(), ascii,
                               [](const t::NamedEntity& e, const std::string& key) { return std::strcmp(e.name, key.c_str()) < 0; });
    if (it == table.end() || ascii != it->name)
        return std::nullopt;
    std::u32string text;
    for (int i = 0; i < 4 && it->text[i] != 0; ++i)
        text.push_back(it->text[i]);
    return text;
}

bool isInvalidCodepoint(unsigned long long n)
{
    // html._invalid_codepoints: C0 controls but TAB LF FF CR and space, DEL, C1 controls,
    // U+FDD0..U+FDEF and the last two code points of every plane.
    return (n >= 0x1 && n <= 0x8) || n == 0xB || (n >= 0xE && n <= 0x1F) || (n >= 0x7F && n <= 0x9F)
        || (n >= 0xFDD0 && n <= 0xFDEF) || (n <= 0x10FFFF && (n & 0xFFFE) == 0xFFFE);
}

unsigned long long parseNumber(const std::u32string& digits, int base)
{
    unsigned long long value = 0;
    for (char32_t c : digits) {
        const int d = c >= U'0' && c <= U'9' ? int(c - U'0') : c >= U'a' && c <= U'f' ? int(c - U'a' + 10) : int(c - U'A' + 10);
        value = value > 0x7FFFFFFFFFFFull ? value : value * static_cast<unsigned>(base) + static_cast<unsigned>(d);
    }
    return value; // saturates far above 0x10FFFF: the value only matters up to there
}

} // namespace

std::optional<std::u32string> HtmlEntities::html5(const std::u32string& name)
{
    return lookup(t::html5Entities(), name);
}

std::optional<std::u32string> HtmlEntities::ftfyEntity(const std::u32string& name)
{
    if (name.empty() || name.back() != U';')
        return std::nullopt;
    if (auto text = lookup(t::html5Entities(), name))
        return text;
    return lookup(t::upperCaseEntities(), name);
}

std::u32string HtmlEntities::numericReference(unsigned long long num)
{
    // html._invalid_charrefs: NUL, CR and the C1 range read as windows-1252 (undefined bytes kept).
    if (num == 0)
        return U"\uFFFD";
    if (num == 0x0D)
        return U"\r";
    if (num >= 0x80 && num <= 0x9F) {
        for (const auto& page : t::codePages())
            if (std::strcmp(page.name, "windows-1252") == 0)
                return std::u32string(1, page.bytes[num] == 0xFFFFFFFFu ? char32_t(num) : char32_t(page.bytes[num]));
    }
    if ((num >= 0xD800 && num <= 0xDFFF) || num > 0x10FFFF)
        return U"\uFFFD";
    if (isInvalidCodepoint(num))
        return U"";
    return std::u32string(1, static_cast<char32_t>(num));
}

std::u32string HtmlEntities::unescape(const std::u32string& text)
{
    if (text.find(U'&') == std::u32string::npos)
        return text;
    static const PythonRegex charref(UR"(&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?))");
    return charref.sub(text, [&](const PythonRegex::Match& m) -> std::u32string {
        std::u32string s = m.group(text, 1);
        if (s[0] == U'#') {
            const bool isHex = s[1] == U'x' || s[1] == U'X';
            std::u32string digits = s.substr(isHex ? 2 : 1);
            if (!digits.empty() && digits.back() == U';')
                digits.pop_back();
            return numericReference(parseNumber(digits, isHex ? 16 : 10));
        }
        if (auto value = html5(s))
            return *value;
        // The longest name the text starts with (at least two characters), the rest kept.
        for (std::size_t x = s.size() - 1; x > 1; --x)
            if (auto value = html5(s.substr(0, x)))
                return *value + s.substr(x);
        return U"&" + s;
    });
}

} // namespace framesmith
