#include "text/python/FtfyEncoding.h"

#include "text/python/PythonRegex.h"
#include "text/python/PythonTextTables.h"

#include <array>
#include <cstring>
#include <map>
#include <vector>

namespace framesmith {

namespace t = python::tables;

namespace {

const PythonRegex& pattern(const std::string& name)
{
    static std::map<std::string, PythonRegex> compiled = [] {
        std::map<std::string, PythonRegex> all;
        for (const char* n : {"Badness", "Utf8Detector", "AlteredUtf8", "LossyUtf8", "AGraveWord", "C1Control", "Cesu8"}) {
            const t::PatternSource source = t::ftfyPattern(n);
            all.emplace(n, PythonRegex(source.text, source.isVerbose));
        }
        return all;
    }();
    return compiled.at(name);
}

// One code page: byte -> code point and back (latin-1 is the identity).
struct CodePage {
    std::string name;
    std::array<char32_t, 256> decode{};
    std::map<char32_t, unsigned> encode;
};

const std::vector<CodePage>& charmapEncodings()
{
    // chardata.CHARMAP_ENCODINGS, in the order ftfy tries them.
    static const std::vector<CodePage> pages = [] {
        std::vector<CodePage> all;
        for (const char* name : {"latin-1", "sloppy-windows-1252", "sloppy-windows-1251", "sloppy-windows-1250",
                                 "sloppy-windows-1253", "sloppy-windows-1254", "iso-8859-2", "macroman", "cp437"}) {
            CodePage page;
            page.name = name;
            for (unsigned b = 0; b < 256; ++b)
                page.decode[b] = b;
            for (const auto& table : t::codePages())
                if (page.name == table.name)
                    for (unsigned b = 0; b < 256; ++b)
                        page.decode[b] = static_cast<char32_t>(table.bytes[b]);
            for (unsigned b = 0; b < 256; ++b)
                page.encode[page.decode[b]] = b;
            all.push_back(std::move(page));
        }
        return all;
    }();
    return pages;
}

// chardata.possible_encoding: every character is ASCII but \x1a, or what a byte 0x80..0xFF or
// 0x1A decodes to.
bool isPossible(const std::u32string& text, const CodePage& page)
{
    for (char32_t c : text) {
        if (c <= 0x7F && c != 0x1A)
            continue;
        const auto it = page.encode.find(c);
        if (it == page.encode.end() || (it->second < 0x80 && it->second != 0x1A))
            return false;
    }
    return true;
}

bool isAscii(const std::u32string& text)
{
    for (char32_t c : text)
        if (c > 0x7F)
            return false;
    return true;
}

std::u32string encode(const std::u32string& text, const CodePage& page)
{
    std::u32string bytes;
    bytes.reserve(text.size());
    for (char32_t c : text)
        bytes.push_back(page.encode.at(c));
    return bytes;
}

// fixes.restore_byte_a0: "\xc3 " before most words is "à "; in UTF-8-like sequences a space
// stands for a lost 0xA0.
std::u32string restoreByteA0(const std::u32string& bytes)
{
    const std::u32string graved = pattern("AGraveWord").sub(bytes, std::u32string{0xC3, 0xA0, 0x20});
    return pattern("AlteredUtf8").sub(graved, [&](const PythonRegex::Match& m) {
        std::u32string s = m.group(graved, 0);
        for (char32_t& c : s)
            c = c == 0x20 ? 0xA0 : c;
        return s;
    });
}

std::u32string replaceLossySequences(const std::u32string& bytes)
{
    return pattern("LossyUtf8").sub(bytes, std::u32string{0xEF, 0xBF, 0xBD}); // "\ufffd".encode("utf-8")
}

std::u32string fixOneStep(const std::u32string& text);

// fixes.decode_inconsistent_utf8: UTF-8-looking runs that are bad on their own, fixed alone.
std::u32string decodeInconsistentUtf8(const std::u32string& text)
{
    return pattern("Utf8Detector").sub(text, [&](const PythonRegex::Match& m) {
        const std::u32string part = m.group(text, 0);
        if (part.size() < text.size() && FtfyEncoding::isBad(part))
            return FtfyEncoding::fixEncoding(part);
        return part;
    });
}

std::optional<std::u32string> decodeAs(std::u32string bytes, const CodePage& page)
{
    // Check encoded_bytes for sequences that would be UTF-8 but for b' ' where b'\xa0' belongs;
    // not in macroman, where that would match an en dash followed by a space.
    if (page.name != "macroman" && pattern("AlteredUtf8").isFoundIn(bytes))
        bytes = restoreByteA0(bytes);
    if (page.name.rfind("sloppy", 0) == 0)
        bytes = replaceLossySequences(bytes);
    const bool isVariant = bytes.find(0xED) != std::u32string::npos || bytes.find(0xC0) != std::u32string::npos;
    return FtfyEncoding::decodeUtf8(bytes, isVariant);
}

// ftfy._fix_encoding_one_step_and_explain
std::u32string fixOneStep(const std::u32string& text)
{
    if (text.empty() || isAscii(text) || !FtfyEncoding::isBad(text))
        return text;
    bool isLatin1 = false;
    for (const CodePage& page : charmapEncodings()) {
        if (!isPossible(text, page))
            continue;
        isLatin1 = isLatin1 || page.name == "latin-1";
        if (auto fixed = decodeAs(encode(text, page), page))
            return *fixed;
    }
    if (pattern("Utf8Detector").isFoundIn(text)) {
        const std::u32string fixed = decodeInconsistentUtf8(text);
        if (fixed != text)
            return fixed;
    }
    // Latin-1 that was meant as windows-1252 ('windows-1252' itself is never among the
    // possible encodings, whose name is sloppy-windows-1252, so this branch always runs).
    if (isLatin1) {
        const t::CodePage* cp1252 = nullptr;
        for (const auto& table : t::codePages())
            if (std::strcmp(table.name, "windows-1252") == 0)
                cp1252 = &table;
        std::u32string fixed;
        bool isDecodable = true;
        for (char32_t c : text) {
            isDecodable = isDecodable && cp1252->bytes[c] != 0xFFFFFFFFu;
            fixed.push_back(isDecodable ? static_cast<char32_t>(cp1252->bytes[c]) : c);
        }
        if (isDecodable && fixed != text)
            return fixed;
    }
    if (pattern("C1Control").isFoundIn(text))
        return FtfyEncoding::fixC1Controls(text);
    return text;
}

} // namespace

bool FtfyEncoding::isBad(const std::u32string& text)
{
    return pattern("Badness").isFoundIn(text);
}

std::u32string FtfyEncoding::fixC1Controls(const std::u32string& text)
{
    // Each C1 control as latin-1 bytes read in sloppy-windows-1252.
    const CodePage& sloppy1252 = charmapEncodings()[1];
    return pattern("C1Control").sub(text, [&](const PythonRegex::Match& m) {
        return std::u32string(1, sloppy1252.decode[text[m.begin]]);
    });
}

std::u32string FtfyEncoding::fixEncoding(const std::u32string& text)
{
    std::u32string current = text;
    while (true) {
        std::u32string next = fixOneStep(current);
        if (next == current)
            return current;
        current = std::move(next);
    }
}

namespace {

// One strictly decoded UTF-8 character at i (its length in `length`), or nullopt.
std::optional<char32_t> strictCharacter(const std::u32string& bytes, std::size_t i, std::size_t& length)
{
    const char32_t lead = bytes[i];
    std::size_t need = 0;
    char32_t low = 0x80, high = 0xBF, value = 0;
    if (lead < 0x80) {
        length = 1;
        return lead;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1, value = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2, value = lead & 0x0F;
        low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3, value = lead & 0x07;
        low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
        return std::nullopt;
    }
    if (i + need >= bytes.size())
        return std::nullopt;
    for (std::size_t k = 1; k <= need; ++k) {
        const char32_t b = bytes[i + k];
        if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF))
            return std::nullopt;
        value = (value << 6) | (b & 0x3F);
    }
    length = need + 1;
    return value;
}

// Whether utf8_variants' SPECIAL_BYTES_RE alternative for `lead` matches at i: the byte after it
// is `next`, or the input ends (re's $ also matches before a final b"\n").
bool isSpecialAt(const std::u32string& bytes, std::size_t i, char32_t low, char32_t high)
{
    const std::size_t n = bytes.size();
    return i + 1 == n || (bytes[i + 1] >= low && bytes[i + 1] <= high) || (i + 2 == n && bytes[i + 1] == 0x0A);
}

} // namespace

std::optional<std::u32string> FtfyEncoding::decodeUtf8(const std::u32string& bytes, bool allowVariants)
{
    std::u32string out;
    const std::size_t n = bytes.size();
    for (std::size_t i = 0; i < n;) {
        const char32_t lead = bytes[i];
        if (allowVariants && lead == 0xC0 && isSpecialAt(bytes, i, 0x80, 0x80)) {
            // Java's null: "\xc0" and whatever follows it become U+0000 (a lone final C0 fails).
            if (n - i < 2)
                return std::nullopt;
            out.push_back(0);
            i += 2;
            continue;
        }
        if (allowVariants && lead == 0xED && isSpecialAt(bytes, i, 0xA0, 0xBF)) {
            // CESU-8: a surrogate pair, each half encoded as three bytes; anything else fails.
            if (n - i < 6 || !pattern("Cesu8").match(bytes, i))
                return std::nullopt;
            out.push_back(((bytes[i + 1] & 0x0F) << 16) + ((bytes[i + 2] & 0x3F) << 10) + ((bytes[i + 4] & 0x0F) << 6)
                          + (bytes[i + 5] & 0x3F) + 0x10000);
            i += 6;
            continue;
        }
        std::size_t length = 0;
        const auto c = strictCharacter(bytes, i, length);
        if (!c)
            return std::nullopt;
        out.push_back(*c);
        i += length;
    }
    return out;
}

} // namespace framesmith
