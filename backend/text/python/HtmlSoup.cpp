#include "text/python/HtmlSoup.h"

#include <algorithm>

namespace framesmith {

void HtmlSoup::startTag(const std::u32string& name)
{
    endData();
    m_stack.push_back(name);
    if (isContainer(name))
        m_containers.push_back(m_stack.size() - 1);
    if (name == U"pre" || name == U"textarea")
        m_preserves.push_back(m_stack.size() - 1);
}

void HtmlSoup::endTag(const std::u32string& name)
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

void HtmlSoup::endData(StringKind kind)
{
    if (m_current.empty())
        return;
    std::u32string joined;
    for (const auto& part : m_current)
        joined += part;
    m_current.clear();
    // Whitespace-only strings (ASCII_SPACES) become one space or newline outside pre/textarea.
    const bool isBlank = std::all_of(joined.begin(), joined.end(), [](char32_t c) {
        return c == U' ' || c == U'\n' || c == U'\t' || c == U'\f' || c == U'\r';
    });
    if (m_preserves.empty() && isBlank)
        joined = joined.find(U'\n') != std::u32string::npos ? U"\n" : U" ";
    // string_container(): plain text inside a container takes the container's class.
    if (kind == StringKind::Text && !m_containers.empty())
        kind = StringKind::Container;
    if (kind == StringKind::Text || kind == StringKind::CData)
        m_text += joined;
}

std::u32string HtmlSoup::finish()
{
    endData();
    return m_text;
}

bool HtmlSoup::isContainer(const std::u32string& name)
{
    return name == U"rt" || name == U"rp" || name == U"style" || name == U"script" || name == U"template";
}

void HtmlSoup::pop()
{
    const std::size_t index = m_stack.size() - 1;
    if (!m_containers.empty() && m_containers.back() == index)
        m_containers.pop_back();
    if (!m_preserves.empty() && m_preserves.back() == index)
        m_preserves.pop_back();
    m_stack.pop_back();
}

} // namespace framesmith
