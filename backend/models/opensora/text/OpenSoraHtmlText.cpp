#include "models/opensora/text/OpenSoraHtmlText.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraHtmlEntities.h"
#include "models/opensora/text/OpenSoraRegex.h"
#include "models/opensora/text/OpenSoraTextTables.h"
#include "models/opensora/text/OpenSoraUnicode.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <vector>

namespace framesmith {

namespace {

using Regex = OpenSoraRegex;

// html/parser.py and _markupbase.py (Python 3.11), with \x00 written as a regex escape.
const Regex& entityRef() { static const Regex r(UR"(&([a-zA-Z][-.a-zA-Z0-9]*)[^a-zA-Z0-9])"); return r; }
const Regex& charRef() { static const Regex r(UR"(&#(?:[0-9]+|[xX][0-9a-fA-F]+)[^0-9a-fA-F])"); return r; }
const Regex& incomplete() { static const Regex r(UR"(&[a-zA-Z#])"); return r; }
const Regex& startTagOpen() { static const Regex r(UR"(<[a-zA-Z])"); return r; }
const Regex& commentClose() { static const Regex r(UR"(--\s*>)"); return r; }
const Regex& tagFind() { static const Regex r(UR"(([a-zA-Z][^\t\n\r\f />\x00]*)(?:\s|/(?!>))*)"); return r; }
const Regex& attrFind()
{
    static const Regex r(UR"(((?<=['"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?(?:\s|/(?!>))*)");
    return r;
}
const Regex& locateStartTagEnd()
{
    static const Regex r(UR"(
  <[a-zA-Z][^\t\n\r\f />\x00]*       # tag name
  (?:[\s/]*                          # optional whitespace before attribute name
    (?:(?<=['"\s/])[^\s/>][^\s/=>]*  # attribute name
      (?:\s*=+\s*                    # value indicator
        (?:'[^']*'                   # LITA-enclosed value
          |"[^"]*"                   # LIT-enclosed value
          |(?!['"])[^>\s]*           # bare value
         )
        \s*                          # possibly followed by a space
       )?(?:\s|/(?!>))*
     )*
   )?
  \s*                                # trailing whitespace
)", true);
    return r;
}
const Regex& endTagFind() { static const Regex r(UR"(</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>)"); return r; }
const Regex& declName() { static const Regex r(UR"([a-zA-Z][-_.a-zA-Z0-9]*\s*)"); return r; }
const Regex& markedSectionClose() { static const Regex r(UR"(]\s*]\s*>)"); return r; }
const Regex& msMarkedSectionClose() { static const Regex r(UR"(]\s*>)"); return r; }
// set_cdata_mode: re.compile(r'</\s*%s\s*>' % elem, re.I), the letters as re.I matches them.
const Regex& scriptClose() { static const Regex r(UR"(</\s*[sS\u017F][cC][rR][iI\u0130\u0131][pP][tT]\s*>)"); return r; }
const Regex& styleClose() { static const Regex r(UR"(</\s*[sS\u017F][tT][yY][lL][eE]\s*>)"); return r; }

enum class StringKind { Text, CData, Container, Other }; // Other: comment, doctype, declaration, PI

// bs4's BeautifulSoup object as html.parser events drive it, reduced to what .text depends on.
class Soup {
public:
    void startTag(const std::u32string& name)
    {
        endData();
        m_stack.push_back(name);
        if (isContainer(name))
            m_containers.push_back(m_stack.size() - 1);
        if (name == U"pre" || name == U"textarea")
            m_preserves.push_back(m_stack.size() - 1);
    }
    void endTag(const std::u32string& name)
    {
        endData();
        // _popToTag: only when such a tag is open, popping everything above it too.
        if (std::find(m_stack.begin(), m_stack.end(), name) == m_stack.end())
            return;
        while (!m_stack.empty()) {
            const bool isIt = m_stack.back() == name;
            pop();
            if (isIt)
                break;
        }
    }
    void data(const std::u32string& text) { m_current.push_back(text); }
    void endData(StringKind kind = StringKind::Text)
    {
        if (m_current.empty())
            return;
        std::u32string joined;
        for (const auto& part : m_current)
            joined += part;
        m_current.clear();
        // Whitespace-only strings become one space or newline outside pre/textarea.
        const bool isBlank = std::all_of(joined.begin(), joined.end(), [](char32_t c) {
            return c == U' ' || c == U'\n' || c == U'\t' || c == U'\f' || c == U'\r';
        });
        if (m_preserves.empty() && isBlank)
            joined = joined.find(U'\n') != std::u32string::npos ? U"\n" : U" ";
        if (kind == StringKind::Text && !m_containers.empty())
            kind = StringKind::Container;
        if (kind == StringKind::Text || kind == StringKind::CData)
            m_text += joined;
    }
    std::u32string finish()
    {
        endData();
        return m_text;
    }

private:
    static bool isContainer(const std::u32string& name)
    {
        return name == U"rt" || name == U"rp" || name == U"style" || name == U"script" || name == U"template";
    }
    void pop()
    {
        const std::size_t index = m_stack.size() - 1;
        if (!m_containers.empty() && m_containers.back() == index)
            m_containers.pop_back();
        if (!m_preserves.empty() && m_preserves.back() == index)
            m_preserves.pop_back();
        m_stack.pop_back();
    }

    std::vector<std::u32string> m_stack;
    std::vector<std::size_t> m_containers, m_preserves; // indices into m_stack
    std::vector<std::u32string> m_current;
    std::u32string m_text;
};

bool isVoidElement(const std::u32string& name)
{
    static const std::set<std::u32string> names{U"area", U"base", U"br", U"col", U"embed", U"hr", U"img", U"input",
                                                U"keygen", U"link", U"menuitem", U"meta", U"param", U"source", U"track",
                                                U"wbr", U"basefont", U"bgsound", U"command", U"frame", U"image",
                                                U"isindex", U"nextid", U"spacer"};
    return names.count(name) > 0;
}

std::u32string charRefText(const std::u32string& name)
{
    // BeautifulSoupHTMLParser.handle_charref: below 256 as windows-1252 where defined, else chr().
    unsigned long long value = 0;
    const bool isHex = name[0] == U'x' || name[0] == U'X';
    for (std::size_t i = isHex ? 1 : 0; i < name.size(); ++i) {
        const char32_t c = name[i];
        const unsigned digit = c <= U'9' ? unsigned(c - U'0') : c >= U'a' ? unsigned(c - U'a' + 10) : unsigned(c - U'A' + 10);
        value = value > 0xFFFFFFFFFFull ? value : value * (isHex ? 16 : 10) + digit;
    }
    if (value < 256) {
        for (const auto& page : opensora::tables::codePages())
            if (std::strcmp(page.name, "windows-1252") == 0 && page.bytes[value] != 0xFFFFFFFFu)
                return std::u32string(1, static_cast<char32_t>(page.bytes[value]));
    }
    if (value > 0x10FFFF)
        return U"\uFFFD";
    return std::u32string(1, static_cast<char32_t>(value)); // surrogates too, as chr() makes them
}

class HtmlParser {
public:
    explicit HtmlParser(Soup& soup) : m_soup(soup) {}

    void feed(const std::u32string& data)
    {
        m_raw += data;
        goahead(false);
    }
    void close() { goahead(true); }

private:
    void goahead(bool end);
    std::ptrdiff_t parseStartTag(std::size_t i);
    std::ptrdiff_t checkForWholeStartTag(std::size_t i);
    std::ptrdiff_t parseEndTag(std::size_t i);
    std::ptrdiff_t parseComment(std::size_t i);
    std::ptrdiff_t parsePi(std::size_t i);
    std::ptrdiff_t parseHtmlDeclaration(std::size_t i);
    std::ptrdiff_t parseMarkedSection(std::size_t i);
    std::ptrdiff_t parseBogusComment(std::size_t i);
    bool startsWith(const std::u32string& prefix, std::size_t i) const { return m_raw.compare(i, prefix.size(), prefix) == 0; }
    std::ptrdiff_t find(char32_t c, std::size_t from) const
    {
        const std::size_t pos = from <= m_raw.size() ? m_raw.find(c, from) : std::u32string::npos;
        return pos == std::u32string::npos ? -1 : static_cast<std::ptrdiff_t>(pos);
    }

    void startTag(const std::u32string& name, bool isSelfClosing);
    void endTag(const std::u32string& name);
    [[noreturn]] void reject(const std::string& why) const
    {
        throw InvalidRequestError("prompt", "the caption cleaning's HTML parser (BeautifulSoup, html.parser) rejects "
                                            "this prompt: " + why);
    }

    Soup& m_soup;
    std::u32string m_raw;
    std::u32string m_cdataElem; // "script" / "style" while inside one
    std::vector<std::u32string> m_alreadyClosedEmpty;
};

void HtmlParser::startTag(const std::u32string& name, bool isSelfClosing)
{
    // BeautifulSoupHTMLParser.handle_starttag / handle_startendtag (whose end tag goes through
    // handle_endtag, so an earlier void element of that name can swallow it).
    m_soup.startTag(name);
    if (isSelfClosing) {
        endTag(name);
        return;
    }
    if (isVoidElement(name)) { // is_empty_element: closed at once, a later </name> swallowed
        m_soup.endTag(name);
        m_alreadyClosedEmpty.push_back(name);
    }
}

void HtmlParser::endTag(const std::u32string& name)
{
    auto it = std::find(m_alreadyClosedEmpty.begin(), m_alreadyClosedEmpty.end(), name);
    if (it != m_alreadyClosedEmpty.end()) {
        m_alreadyClosedEmpty.erase(it);
        return;
    }
    m_soup.endTag(name);
}

void HtmlParser::goahead(bool end)
{
    const std::u32string& raw = m_raw;
    const std::size_t n = raw.size();
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = n;
        if (!m_cdataElem.empty()) {
            const auto match = (m_cdataElem == U"script" ? scriptClose() : styleClose()).search(raw, i);
            if (!match)
                break;
            j = match->begin;
        } else {
            const std::size_t next = raw.find_first_of(U"&<", i);
            j = next == std::u32string::npos ? n : next;
        }
        if (i < j)
            m_soup.data(raw.substr(i, j - i));
        i = j;
        if (i == n)
            break;
        if (raw[i] == U'<') {
            std::ptrdiff_t k = 0;
            if (startTagOpen().match(raw, i))
                k = parseStartTag(i);
            else if (startsWith(U"</", i))
                k = parseEndTag(i);
            else if (startsWith(U"<!--", i))
                k = parseComment(i);
            else if (startsWith(U"<?", i))
                k = parsePi(i);
            else if (startsWith(U"<!", i))
                k = parseHtmlDeclaration(i);
            else if (i + 1 < n) {
                m_soup.data(U"<");
                k = static_cast<std::ptrdiff_t>(i + 1);
            } else
                break;
            if (k < 0) {
                if (!end)
                    break;
                k = find(U'>', i + 1);
                if (k < 0) {
                    k = find(U'<', i + 1);
                    if (k < 0)
                        k = static_cast<std::ptrdiff_t>(i + 1);
                } else {
                    k += 1;
                }
                m_soup.data(raw.substr(i, static_cast<std::size_t>(k) - i));
            }
            i = static_cast<std::size_t>(k);
        } else if (startsWith(U"&#", i)) {
            if (const auto match = charRef().match(raw, i)) {
                m_soup.data(charRefText(raw.substr(i + 2, match->end - i - 3)));
                std::size_t k = match->end;
                if (raw[k - 1] != U';')
                    k -= 1;
                i = k;
                continue;
            }
            if (raw.find(U';', i) != std::u32string::npos) { // bail by consuming "&#"
                m_soup.data(raw.substr(i, 2));
                i += 2;
            }
            break;
        } else { // '&'
            if (const auto match = entityRef().match(raw, i)) {
                // BeautifulSoupHTMLParser.handle_entityref: the html5 name (';' stripped) or "&name".
                const std::u32string name = match->group(raw, 1);
                auto value = OpenSoraHtmlEntities::html5(name);
                if (!value)
                    value = OpenSoraHtmlEntities::html5(name + U";");
                m_soup.data(value ? *value : U"&" + name);
                std::size_t k = match->end;
                if (raw[k - 1] != U';')
                    k -= 1;
                i = k;
                continue;
            }
            if (const auto match = incomplete().match(raw, i)) {
                if (end && match->end == n)
                    i += 1;
                break;
            }
            if (i + 1 < n) {
                m_soup.data(U"&");
                i += 1;
            } else {
                break;
            }
        }
    }
    if (end && i < n && m_cdataElem.empty()) {
        m_soup.data(raw.substr(i));
        i = n;
    }
    m_raw = m_raw.substr(i);
}

std::ptrdiff_t HtmlParser::parseStartTag(std::size_t i)
{
    const std::ptrdiff_t endpos = checkForWholeStartTag(i);
    if (endpos < 0)
        return endpos;
    const auto tag = tagFind().match(m_raw, i + 1);
    std::size_t k = tag->end;
    const std::u32string name = OpenSoraUnicode::lower(tag->group(m_raw, 1));
    while (k < static_cast<std::size_t>(endpos)) {
        const auto attribute = attrFind().match(m_raw, k);
        if (!attribute)
            break;
        k = attribute->end;
    }
    const std::u32string rest = OpenSoraUnicode::strip(m_raw.substr(k, static_cast<std::size_t>(endpos) - k));
    if (rest != U">" && rest != U"/>") {
        m_soup.data(m_raw.substr(i, static_cast<std::size_t>(endpos) - i));
        return endpos;
    }
    const bool isSelfClosing = rest == U"/>";
    startTag(name, isSelfClosing);
    if (!isSelfClosing && (name == U"script" || name == U"style"))
        m_cdataElem = name;
    return endpos;
}

std::ptrdiff_t HtmlParser::checkForWholeStartTag(std::size_t i)
{
    const auto m = locateStartTagEnd().match(m_raw, i);
    const std::size_t j = m->end;
    if (j >= m_raw.size())
        return -1; // end of input
    const char32_t next = m_raw[j];
    if (next == U'>')
        return static_cast<std::ptrdiff_t>(j + 1);
    if (next == U'/') {
        if (startsWith(U"/>", j))
            return static_cast<std::ptrdiff_t>(j + 2);
        return -1; // a '/' at the buffer's end, the only way startswith("/") holds here
    }
    const bool isLetter = (next >= U'a' && next <= U'z') || (next >= U'A' && next <= U'Z');
    if (isLetter || next == U'=' || next == U'/')
        return -1;
    return static_cast<std::ptrdiff_t>(j > i ? j : i + 1);
}

std::ptrdiff_t HtmlParser::parseEndTag(std::size_t i)
{
    const std::ptrdiff_t close = find(U'>', i + 1);
    if (close < 0)
        return -1;
    const std::ptrdiff_t gtpos = close + 1;
    const auto match = endTagFind().match(m_raw, i);
    if (!match) {
        if (!m_cdataElem.empty()) {
            m_soup.data(m_raw.substr(i, static_cast<std::size_t>(gtpos) - i));
            return gtpos;
        }
        const auto nameMatch = tagFind().match(m_raw, i + 2);
        if (!nameMatch) {
            if (startsWith(U"</>", i))
                return static_cast<std::ptrdiff_t>(i + 3);
            return parseBogusComment(i);
        }
        const std::u32string name = OpenSoraUnicode::lower(nameMatch->group(m_raw, 1));
        const std::ptrdiff_t end = find(U'>', nameMatch->end);
        endTag(name);
        return end + 1;
    }
    const std::u32string elem = OpenSoraUnicode::lower(match->group(m_raw, 1));
    if (!m_cdataElem.empty() && elem != m_cdataElem) {
        m_soup.data(m_raw.substr(i, static_cast<std::size_t>(gtpos) - i));
        return gtpos;
    }
    endTag(elem);
    m_cdataElem.clear();
    return static_cast<std::ptrdiff_t>(match->end);
}

std::ptrdiff_t HtmlParser::parseComment(std::size_t i)
{
    const auto match = commentClose().search(m_raw, i + 4);
    if (!match)
        return -1;
    m_soup.endData(); // handle_comment: the comment is a string of its own, never text
    m_soup.data(m_raw.substr(i + 4, match->begin - i - 4));
    m_soup.endData(StringKind::Other);
    return static_cast<std::ptrdiff_t>(match->end);
}

std::ptrdiff_t HtmlParser::parseBogusComment(std::size_t i)
{
    const std::ptrdiff_t pos = find(U'>', i + 2);
    if (pos < 0)
        return -1;
    m_soup.endData();
    m_soup.data(m_raw.substr(i + 2, static_cast<std::size_t>(pos) - i - 2));
    m_soup.endData(StringKind::Other);
    return pos + 1;
}

std::ptrdiff_t HtmlParser::parsePi(std::size_t i)
{
    const std::ptrdiff_t close = find(U'>', i + 2);
    if (close < 0)
        return -1;
    m_soup.endData();
    m_soup.data(m_raw.substr(i + 2, static_cast<std::size_t>(close) - i - 2));
    m_soup.endData(StringKind::Other);
    return close + 1;
}

std::ptrdiff_t HtmlParser::parseHtmlDeclaration(std::size_t i)
{
    if (startsWith(U"<!--", i))
        return parseComment(i);
    if (startsWith(U"<![", i))
        return parseMarkedSection(i);
    if (OpenSoraUnicode::lower(m_raw.substr(i, 9)) == U"<!doctype") {
        const std::ptrdiff_t close = find(U'>', i + 9);
        if (close < 0)
            return -1;
        m_soup.endData();
        m_soup.data(m_raw.substr(i + 2, static_cast<std::size_t>(close) - i - 2));
        m_soup.endData(StringKind::Other);
        return close + 1;
    }
    return parseBogusComment(i);
}

std::ptrdiff_t HtmlParser::parseMarkedSection(std::size_t i)
{
    // _markupbase._scan_name, then the section's closing bracket.
    const std::size_t start = i + 3;
    if (start == m_raw.size())
        return -1;
    const auto nameMatch = declName().match(m_raw, start);
    if (!nameMatch)
        reject("\"<![\" is not followed by a name");
    if (nameMatch->end == m_raw.size())
        return -1;
    const std::u32string name = OpenSoraUnicode::lower(OpenSoraUnicode::strip(nameMatch->group(m_raw, 0)));
    std::optional<OpenSoraRegex::Match> close;
    if (name == U"temp" || name == U"cdata" || name == U"ignore" || name == U"include" || name == U"rcdata")
        close = markedSectionClose().search(m_raw, start);
    else if (name == U"if" || name == U"else" || name == U"endif")
        close = msMarkedSectionClose().search(m_raw, start);
    else
        reject("unknown marked section \"<![" + OpenSoraUnicode::toUtf8(name) + "\"");
    if (!close)
        return -1;
    // unknown_decl: "CDATA[..." is character data (part of the text), anything else a declaration.
    const std::u32string data = m_raw.substr(start, close->begin - start);
    std::u32string head = data.substr(0, 6);
    for (char32_t& c : head)
        c = c >= U'a' && c <= U'z' ? c - 32 : c;
    m_soup.endData();
    m_soup.data(head == U"CDATA[" ? data.substr(6) : data);
    m_soup.endData(head == U"CDATA[" ? StringKind::CData : StringKind::Other);
    return static_cast<std::ptrdiff_t>(close->end);
}

} // namespace

std::u32string OpenSoraHtmlText::text(const std::u32string& markup)
{
    Soup soup;
    HtmlParser parser(soup);
    parser.feed(markup);
    parser.close();
    return soup.finish();
}

} // namespace framesmith
