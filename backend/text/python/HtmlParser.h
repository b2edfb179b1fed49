#pragma once
// Python 3.11's html.parser.HTMLParser (convert_charrefs=False) with BeautifulSoupHTMLParser's
// handlers, feeding an HtmlSoup: goahead() as feed() and close() run it, start/end tags
// (void elements closed at once, script/style content as CDATA), named and numeric references
// as bs4 resolves them, comments, declarations, processing instructions and marked sections.
// Internal to HtmlText; one document per object.
#include "framesmith/Error.h"
#include "text/python/HtmlSoup.h"
#include "text/python/PythonRegex.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class HtmlParser {
public:
    explicit HtmlParser(HtmlSoup& soup) : m_soup(soup) {}

    void feed(const std::u32string& data)
    {
        m_raw += data;
        goahead(false);
    }
    void close() { goahead(true); }

private:
    void goahead(bool end);
    std::optional<std::size_t> nextInteresting(std::size_t i);
    std::ptrdiff_t markupAt(std::size_t i, bool end);
    bool referenceAt(std::size_t& i, bool end);
    std::ptrdiff_t parseStartTag(std::size_t i);
    std::ptrdiff_t checkForWholeStartTag(std::size_t i);
    std::ptrdiff_t parseEndTag(std::size_t i);
    std::ptrdiff_t parseComment(std::size_t i);
    std::ptrdiff_t parsePi(std::size_t i);
    std::ptrdiff_t parseHtmlDeclaration(std::size_t i);
    std::ptrdiff_t parseMarkedSection(std::size_t i);
    std::ptrdiff_t parseBogusComment(std::size_t i);
    bool startsWith(const std::u32string& prefix, std::size_t i) const { return m_raw.compare(i, prefix.size(), prefix) == 0; }
    // Searches remember where they found nothing, so an unclosed "<!--" (or "</", "<?") repeated
    // thousands of times costs one scan, not one per occurrence.
    std::ptrdiff_t find(char32_t c, std::size_t from);
    std::optional<PythonRegex::Match> searchFrom(const PythonRegex& regex, std::size_t from);

    void startTag(const std::u32string& name, bool isSelfClosing);
    void endTag(const std::u32string& name);
    [[noreturn]] void reject(const std::string& why) const
    {
        throw InvalidRequestError("prompt", "the prompt cleaning's HTML parser (BeautifulSoup, html.parser) rejects "
                                            "this prompt: " + why);
    }

    HtmlSoup& m_soup;
    std::u32string m_raw;
    std::u32string m_cdataElem; // "script" / "style" while inside one
    std::vector<std::u32string> m_alreadyClosedEmpty;
    // For this goahead()'s m_raw (cleared when it changes): start-tag ends, and the first position
    // from which a search found nothing.
    PythonRegex::EndCache m_startTagEnds;
    std::map<const PythonRegex*, std::size_t> m_absentFrom;
    std::map<char32_t, std::size_t> m_absentCharFrom;
};

} // namespace framesmith
