#pragma once
// bs4's BeautifulSoup object as html.parser events drive it, reduced to what .text depends on:
// the open-tag stack (_popToTag closes everything above the named tag, nothing when none is
// open), the string containers (rt, rp, style, script, template: their text is not .text), the
// whitespace-preserving tags (pre, textarea: elsewhere a whitespace-only string becomes " " or
// "\n") and endData's typed strings. Internal to HtmlText; one parse per object.
#include <string>
#include <vector>

namespace framesmith {

class HtmlSoup {
public:
    enum class StringKind { Text, CData, Container, Other }; // Other: comment, doctype, declaration, PI

    void startTag(const std::u32string& name);
    void endTag(const std::u32string& name);
    void data(const std::u32string& text) { m_current.push_back(text); }
    void endData(StringKind kind = StringKind::Text);
    std::u32string finish(); // get_text(): the NavigableString and CData strings, in order

private:
    static bool isContainer(const std::u32string& name);
    void pop();

    std::vector<std::u32string> m_stack;
    std::vector<std::size_t> m_containers, m_preserves; // indices into m_stack
    std::vector<std::u32string> m_current;
    std::u32string m_text;
};

} // namespace framesmith
