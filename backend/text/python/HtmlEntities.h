#pragma once
// HTML character references as the three libraries of the caption cleaning resolve them:
// Python's html.unescape (longest-prefix named references, the invalid-charref table), the
// html5 table by name (what BeautifulSoup's html.parser builder looks names up in, ';' stripped),
// and ftfy's HTML_ENTITIES (names with ';' plus upper-cased ones such as "&NTILDE;").
// Stateless; any thread.
#include <optional>
#include <string>

namespace framesmith {

class HtmlEntities {
public:
    // html.unescape(text)
    static std::u32string unescape(const std::u32string& text);
    // html.entities.html5[name] (name with or without its ';'), or nullopt.
    static std::optional<std::u32string> html5(const std::u32string& name);
    // ftfy.chardata.HTML_ENTITIES["&" + name] (name ends with ';'), or nullopt.
    static std::optional<std::u32string> ftfyEntity(const std::u32string& name);
    // Python html.unescape's value for the numeric reference number `num` (saturated).
    static std::u32string numericReference(unsigned long long num);
};

} // namespace framesmith
