#include "text/python/PythonRegex.h"

#include "text/python/PythonRegexNode.h"
#include "text/python/PythonRegexParser.h"
#include "text/python/PythonRegexProgram.h"

namespace framesmith {

std::u32string PythonRegex::Match::group(const std::u32string& text, std::size_t index) const
{
    if (index == 0)
        return text.substr(begin, end - begin);
    const auto& g = groups.at(index);
    return g.first < 0 ? std::u32string() : text.substr(static_cast<std::size_t>(g.first),
                                                        static_cast<std::size_t>(g.second - g.first));
}

PythonRegex::PythonRegex(const std::u32string& pattern, bool isVerbose, Flavor flavor)
{
    m_root = PythonRegexParser::parse(pattern, isVerbose, flavor, m_groups);
    m_program = std::make_unique<PythonRegexProgram>(*m_root, m_groups);
}

PythonRegex::~PythonRegex() = default;
PythonRegex::PythonRegex(PythonRegex&&) noexcept = default;

std::size_t PythonRegex::groupCount() const
{
    return m_groups;
}

std::optional<PythonRegex::Match> PythonRegex::match(const std::u32string& text, std::size_t start) const
{
    return m_program->search(text, start, true, false);
}

std::optional<std::size_t> PythonRegex::matchEnd(const std::u32string& text, std::size_t start, EndCache& cache) const
{
    const auto m = m_program->search(text, start, true, false, &cache);
    return m ? std::optional<std::size_t>(m->end) : std::nullopt;
}

std::optional<PythonRegex::Match> PythonRegex::search(const std::u32string& text, std::size_t start) const
{
    return m_program->search(text, start, false, false);
}

std::vector<PythonRegex::Match> PythonRegex::findAll(const std::u32string& text) const
{
    std::vector<Match> all;
    std::size_t pos = 0;
    bool mustAdvance = false;
    while (pos <= text.size()) {
        auto m = m_program->search(text, pos, false, mustAdvance);
        if (!m)
            break;
        mustAdvance = m->end == m->begin;
        pos = m->end;
        all.push_back(std::move(*m));
    }
    return all;
}

std::u32string PythonRegex::sub(const std::u32string& text, const Replacer& replacer) const
{
    std::u32string out;
    std::size_t copied = 0;
    for (const Match& m : findAll(text)) {
        out.append(text, copied, m.begin - copied);
        out += replacer(m);
        copied = m.end;
    }
    out.append(text, copied, std::u32string::npos);
    return out;
}

std::u32string PythonRegex::sub(const std::u32string& text, const std::u32string& tmpl) const
{
    // re's template: \1..\99 and \g<n> insert groups (empty when unset), \n \t \\ escapes.
    const auto expand = [&](const Match& m) {
        std::u32string out;
        for (std::size_t i = 0; i < tmpl.size(); ++i) {
            if (tmpl[i] != U'\\' || i + 1 == tmpl.size()) {
                out.push_back(tmpl[i]);
                continue;
            }
            const char32_t c = tmpl[++i];
            if (c >= U'0' && c <= U'9') {
                std::size_t index = c - U'0';
                if (i + 1 < tmpl.size() && tmpl[i + 1] >= U'0' && tmpl[i + 1] <= U'9')
                    index = index * 10 + (tmpl[++i] - U'0');
                out += m.group(text, index);
            } else if (c == U'g' && i + 1 < tmpl.size() && tmpl[i + 1] == U'<') {
                const std::size_t close = tmpl.find(U'>', i);
                std::size_t index = 0;
                for (std::size_t k = i + 2; k < close; ++k)
                    index = index * 10 + (tmpl[k] - U'0');
                out += m.group(text, index);
                i = close;
            } else if (c == U'n') {
                out.push_back(U'\n');
            } else if (c == U't') {
                out.push_back(U'\t');
            } else if (c == U'\\') {
                out.push_back(U'\\');
            } else {
                out.push_back(U'\\');
                out.push_back(c);
            }
        }
        return out;
    };
    return sub(text, Replacer(expand));
}

} // namespace framesmith
