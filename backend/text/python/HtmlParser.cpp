#include "text/python/HtmlParser.h"

#include "framesmith/Error.h"
#include "text/python/HtmlEntities.h"
#include "text/python/HtmlPatterns.h"
#include "text/python/PythonTextTables.h"
#include "text/python/PythonUnicode.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace framesmith {

using namespace python::html;

namespace {

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
        for (const auto& page : python::tables::codePages())
            if (std::strcmp(page.name, "windows-1252") == 0 && page.bytes[value] != 0xFFFFFFFFu)
                return std::u32string(1, static_cast<char32_t>(page.bytes[value]));
    }
    if (value > 0x10FFFF)
        return U"\uFFFD";
    return std::u32string(1, static_cast<char32_t>(value)); // surrogates too, as chr() makes them
}

} // namespace

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

// Where the next markup starts: the closing tag of a script/style (nullopt while none has come),
// else the next '&' or '<'.
std::optional<std::size_t> HtmlParser::nextInteresting(std::size_t i)
{
    if (!m_cdataElem.empty()) {
        const auto match = searchFrom(m_cdataElem == U"script" ? scriptClose() : styleClose(), i);
        return match ? std::optional<std::size_t>(match->begin) : std::nullopt;
    }
    const std::size_t next = m_raw.find_first_of(U"&<", i);
    return next == std::u32string::npos ? m_raw.size() : next;
}

// The '<' branch of goahead: the end of what was consumed, or -1 to stop for now.
std::ptrdiff_t HtmlParser::markupAt(std::size_t i, bool end)
{
    const std::size_t n = m_raw.size();
    std::ptrdiff_t k = 0;
    if (startTagOpen().match(m_raw, i))
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
        return -1;
    if (k >= 0)
        return k;
    if (!end)
        return -1;
    // At the end an unfinished construct is text up to its '>' (or the next '<').
    k = find(U'>', i + 1);
    if (k < 0) {
        k = find(U'<', i + 1);
        if (k < 0)
            k = static_cast<std::ptrdiff_t>(i + 1);
    } else {
        k += 1;
    }
    m_soup.data(m_raw.substr(i, static_cast<std::size_t>(k) - i));
    return k;
}

// The '&#' and '&' branches: advances i and returns true to go on, false to leave goahead's loop.
bool HtmlParser::referenceAt(std::size_t& i, bool end)
{
    const std::size_t n = m_raw.size();
    if (startsWith(U"&#", i)) {
        if (const auto match = charRef().match(m_raw, i)) {
            m_soup.data(charRefText(m_raw.substr(i + 2, match->end - i - 3)));
            i = m_raw[match->end - 1] == U';' ? match->end : match->end - 1;
            return true;
        }
        if (m_raw.find(U';', i) != std::u32string::npos) { // bail by consuming "&#"
            m_soup.data(m_raw.substr(i, 2));
            i += 2;
        }
        return false;
    }
    if (const auto match = entityRef().match(m_raw, i)) {
        // BeautifulSoupHTMLParser.handle_entityref: the html5 name (';' stripped) or "&name".
        const std::u32string name = match->group(m_raw, 1);
        auto value = HtmlEntities::html5(name);
        if (!value)
            value = HtmlEntities::html5(name + U";");
        m_soup.data(value ? *value : U"&" + name);
        i = m_raw[match->end - 1] == U';' ? match->end : match->end - 1;
        return true;
    }
    if (const auto match = incomplete().match(m_raw, i)) {
        if (end && match->end == n)
            i += 1;
        return false;
    }
    if (i + 1 >= n)
        return false;
    m_soup.data(U"&");
    i += 1;
    return true;
}

void HtmlParser::goahead(bool end)
{
    m_startTagEnds.clear(); // positions below are in this m_raw
    m_absentFrom.clear();
    m_absentCharFrom.clear();
    const std::size_t n = m_raw.size();
    std::size_t i = 0;
    while (i < n) {
        const auto j = nextInteresting(i);
        if (!j)
            break;
        if (i < *j)
            m_soup.data(m_raw.substr(i, *j - i));
        i = *j;
        if (i == n)
            break;
        if (m_raw[i] == U'<') {
            const std::ptrdiff_t k = markupAt(i, end);
            if (k < 0)
                break;
            i = static_cast<std::size_t>(k);
        } else if (!referenceAt(i, end)) {
            break;
        }
    }
    if (end && i < n && m_cdataElem.empty()) {
        m_soup.data(m_raw.substr(i));
        i = n;
    }
    m_raw = m_raw.substr(i);
}

std::optional<PythonRegex::Match> HtmlParser::searchFrom(const PythonRegex& regex, std::size_t from)
{
    auto absent = m_absentFrom.find(&regex);
    if (absent != m_absentFrom.end() && from >= absent->second)
        return std::nullopt; // a search from an earlier position found none after it
    auto match = regex.search(m_raw, from);
    if (!match)
        m_absentFrom[&regex] = absent == m_absentFrom.end() ? from : std::min(from, absent->second);
    return match;
}

std::ptrdiff_t HtmlParser::find(char32_t c, std::size_t from)
{
    auto absent = m_absentCharFrom.find(c);
    if (absent != m_absentCharFrom.end() && from >= absent->second)
        return -1;
    const std::size_t pos = from <= m_raw.size() ? m_raw.find(c, from) : std::u32string::npos;
    if (pos != std::u32string::npos)
        return static_cast<std::ptrdiff_t>(pos);
    m_absentCharFrom[c] = absent == m_absentCharFrom.end() ? from : std::min(from, absent->second);
    return -1;
}

std::ptrdiff_t HtmlParser::parseStartTag(std::size_t i)
{
    const std::ptrdiff_t endpos = checkForWholeStartTag(i);
    if (endpos < 0)
        return endpos;
    const auto tag = tagFind().match(m_raw, i + 1);
    std::size_t k = tag->end;
    const std::u32string name = PythonUnicode::lower(tag->group(m_raw, 1));
    while (k < static_cast<std::size_t>(endpos)) {
        const auto attribute = attrFind().match(m_raw, k);
        if (!attribute)
            break;
        k = attribute->end;
    }
    const std::u32string rest = PythonUnicode::strip(m_raw.substr(k, static_cast<std::size_t>(endpos) - k));
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
    const std::size_t j = *locateStartTagEnd().matchEnd(m_raw, i, m_startTagEnds);
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
        const std::u32string name = PythonUnicode::lower(nameMatch->group(m_raw, 1));
        const std::ptrdiff_t end = find(U'>', nameMatch->end);
        endTag(name);
        return end + 1;
    }
    const std::u32string elem = PythonUnicode::lower(match->group(m_raw, 1));
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
    const auto match = searchFrom(commentClose(), i + 4);
    if (!match)
        return -1;
    m_soup.endData(); // handle_comment: the comment is a string of its own, never text
    m_soup.data(m_raw.substr(i + 4, match->begin - i - 4));
    m_soup.endData(HtmlSoup::StringKind::Other);
    return static_cast<std::ptrdiff_t>(match->end);
}

std::ptrdiff_t HtmlParser::parseBogusComment(std::size_t i)
{
    const std::ptrdiff_t pos = find(U'>', i + 2);
    if (pos < 0)
        return -1;
    m_soup.endData();
    m_soup.data(m_raw.substr(i + 2, static_cast<std::size_t>(pos) - i - 2));
    m_soup.endData(HtmlSoup::StringKind::Other);
    return pos + 1;
}

std::ptrdiff_t HtmlParser::parsePi(std::size_t i)
{
    const std::ptrdiff_t close = find(U'>', i + 2);
    if (close < 0)
        return -1;
    m_soup.endData();
    m_soup.data(m_raw.substr(i + 2, static_cast<std::size_t>(close) - i - 2));
    m_soup.endData(HtmlSoup::StringKind::Other);
    return close + 1;
}

std::ptrdiff_t HtmlParser::parseHtmlDeclaration(std::size_t i)
{
    if (startsWith(U"<!--", i))
        return parseComment(i);
    if (startsWith(U"<![", i))
        return parseMarkedSection(i);
    if (PythonUnicode::lower(m_raw.substr(i, 9)) == U"<!doctype") {
        const std::ptrdiff_t close = find(U'>', i + 9);
        if (close < 0)
            return -1;
        m_soup.endData();
        m_soup.data(m_raw.substr(i + 2, static_cast<std::size_t>(close) - i - 2));
        m_soup.endData(HtmlSoup::StringKind::Other);
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
    const std::u32string name = PythonUnicode::lower(PythonUnicode::strip(nameMatch->group(m_raw, 0)));
    std::optional<PythonRegex::Match> close;
    if (name == U"temp" || name == U"cdata" || name == U"ignore" || name == U"include" || name == U"rcdata")
        close = searchFrom(markedSectionClose(), start);
    else if (name == U"if" || name == U"else" || name == U"endif")
        close = searchFrom(msMarkedSectionClose(), start);
    else
        reject("unknown marked section \"<![" + PythonUnicode::toUtf8(name) + "\"");
    if (!close)
        return -1;
    // unknown_decl: "CDATA[..." is character data (part of the text), anything else a declaration.
    const std::u32string data = m_raw.substr(start, close->begin - start);
    std::u32string head = data.substr(0, 6);
    for (char32_t& c : head)
        c = c >= U'a' && c <= U'z' ? c - 32 : c;
    m_soup.endData();
    m_soup.data(head == U"CDATA[" ? data.substr(6) : data);
    m_soup.endData(head == U"CDATA[" ? HtmlSoup::StringKind::CData : HtmlSoup::StringKind::Other);
    return static_cast<std::ptrdiff_t>(close->end);
}

} // namespace framesmith
