#include "text/python/Ftfy.h"

#include "text/python/FtfyEncoding.h"
#include "text/python/HtmlEntities.h"
#include "text/python/PythonRegex.h"
#include "text/python/PythonTextTables.h"
#include "text/python/PythonUnicode.h"

#include <map>

namespace framesmith {

namespace t = python::tables;

namespace {

const PythonRegex& ftfyRegex(const char* name)
{
    static std::map<std::string, PythonRegex> compiled = [] {
        std::map<std::string, PythonRegex> all;
        for (const char* n : {"HtmlEntity", "Ansi", "SingleQuote", "DoubleQuote"}) {
            const t::PatternSource source = t::ftfyPattern(n);
            all.emplace(n, PythonRegex(source.text, source.isVerbose));
        }
        return all;
    }();
    return compiled.at(name);
}

std::u32string translate(const std::u32string& text, const t::Table<t::CaseMapping>& table)
{
    std::u32string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (const t::CaseMapping* m = t::findMapping(table, c))
            out.append(m->to, t::mappingLength(*m));
        else
            out.push_back(c);
    }
    return out;
}

std::u32string fixLineBreaks(const std::u32string& text)
{
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (c == U'\r' && i + 1 < text.size() && text[i + 1] == U'\n')
            continue; // "\r\n" -> "\n": the '\n' follows
        out.push_back(c == U'\r' || c == 0x2028 || c == 0x2029 || c == 0x85 ? U'\n' : c);
    }
    return out;
}

bool isHighSurrogate(char32_t c) { return c >= 0xD800 && c <= 0xDBFF; }
bool isLowSurrogate(char32_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

} // namespace

std::u32string Ftfy::unescapeHtml(const std::u32string& text)
{
    // fixes._unescape_fixup: ftfy's entity table, else numeric references through html.unescape
    // unless that leaves a ';' (nothing was decoded).
    return ftfyRegex("HtmlEntity").sub(text, [&](const PythonRegex::Match& m) {
        const std::u32string entity = m.group(text, 0);
        if (auto value = HtmlEntities::ftfyEntity(entity.substr(1)))
            return *value;
        if (entity.rfind(U"&#", 0) == 0) {
            const std::u32string unescaped = HtmlEntities::unescape(entity);
            return unescaped.find(U';') != std::u32string::npos ? entity : unescaped;
        }
        return entity;
    });
}

std::u32string Ftfy::uncurlQuotes(const std::u32string& text)
{
    return ftfyRegex("SingleQuote").sub(ftfyRegex("DoubleQuote").sub(text, U"\""), U"'");
}

std::u32string Ftfy::fixSurrogates(const std::u32string& text)
{
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (isHighSurrogate(c) && i + 1 < text.size() && isLowSurrogate(text[i + 1])) {
            out.push_back(0x10000 + (c - 0xD800) * 0x400 + (text[i + 1] - 0xDC00));
            ++i;
        } else {
            out.push_back(isHighSurrogate(c) || isLowSurrogate(c) ? char32_t(0xFFFD) : c);
        }
    }
    return out;
}

std::u32string Ftfy::removeControlCharacters(const std::u32string& text)
{
    // chardata.CONTROL_CHARS
    std::u32string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        const bool isControl = c <= 0x08 || c == 0x0B || (c >= 0x0E && c <= 0x1F) || c == 0x7F
            || (c >= 0x206A && c <= 0x206F) || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFC);
        if (!isControl)
            out.push_back(c);
    }
    return out;
}

std::u32string Ftfy::fixSegment(const std::u32string& segment, bool unescapeHtml)
{
    std::u32string text = segment;
    while (true) {
        const std::u32string original = text;
        if (unescapeHtml)
            text = Ftfy::unescapeHtml(text);
        text = FtfyEncoding::fixEncoding(text);
        text = FtfyEncoding::fixC1Controls(text);
        text = translate(text, t::ligatures());
        text = translate(text, t::widthMappings());
        text = uncurlQuotes(text);
        text = fixLineBreaks(text);
        text = fixSurrogates(text);
        text = ftfyRegex("Ansi").sub(text, U"");
        text = removeControlCharacters(text);
        text = PythonUnicode::nfc(text);
        if (text == original)
            return text;
    }
}

std::u32string Ftfy::fixText(const std::u32string& text)
{
    // Segments end after each '\n'. unescape_html="auto" becomes False, for this and every later
    // segment, at the first segment holding a '<' (the config is replaced, not restored).
    std::u32string out;
    bool unescape = true;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t newline = text.find(U'\n', pos);
        const std::size_t end = newline == std::u32string::npos ? text.size() : newline + 1;
        const std::u32string segment = text.substr(pos, end - pos);
        if (segment.find(U'<') != std::u32string::npos)
            unescape = false;
        out += fixSegment(segment, unescape);
        pos = end;
    }
    return out;
}

} // namespace framesmith
