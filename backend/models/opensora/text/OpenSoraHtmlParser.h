#pragma once
// Python 3.11's html.parser.HTMLParser (convert_charrefs=False) with BeautifulSoupHTMLParser's
// handlers, feeding an OpenSoraHtmlSoup: goahead() as feed() and close() run it, start/end tags
// (void elements closed at once, script/style content as CDATA), named and numeric references
// as bs4 resolves them, comments, declarations, processing instructions and marked sections.
// Internal to OpenSoraHtmlText; one document per object.
#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraHtmlSoup.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class OpenSoraHtmlParser {
public:
    explicit OpenSoraHtmlParser(OpenSoraHtmlSoup& soup) : m_soup(soup) {}

    void feed(const std::u32string& data)
    {
        m_raw += data;
        goahead(false);
    }
    void close() { goahead(true); }

private:
    void goahead(bool end);
    std::optional<std::size_t> nextInteresting(std::size_t i) const;
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

    OpenSoraHtmlSoup& m_soup;
    std::u32string m_raw;
    std::u32string m_cdataElem; // "script" / "style" while inside one
    std::vector<std::u32string> m_alreadyClosedEmpty;
};

} // namespace framesmith
