#include "models/opensora/text/OpenSoraRegex.h"

#include "models/opensora/text/OpenSoraRegexNode.h"
#include "models/opensora/text/OpenSoraRegexParser.h"
#include "models/opensora/text/OpenSoraUnicode.h"

#include <algorithm>

namespace framesmith {

namespace {

// A non-owning callable reference: continuations are passed down the recursion without allocating.
template <class Signature>
class FunctionRef;
template <class R, class... Args>
class FunctionRef<R(Args...)> {
public:
    template <class F>
    FunctionRef(const F& f) // NOLINT: implicit on purpose
        : m_object(&f), m_call([](const void* o, Args... a) -> R { return (*static_cast<const F*>(o))(a...); })
    {
    }
    R operator()(Args... a) const { return m_call(m_object, a...); }

private:
    const void* m_object;
    R (*m_call)(const void*, Args...);
};

using Continuation = FunctionRef<bool(std::size_t)>;

using Node = OpenSoraRegex::Node;
using Kind = Node::Kind;

class Matcher {
public:
    Matcher(const std::u32string& text, std::size_t groups) : m_text(text), m_groups(groups + 1, {-1, -1}) {}

    bool match(const Node& n, std::size_t pos, const Continuation& k)
    {
        switch (n.kind) {
        case Kind::Sequence: return sequence(n, 0, pos, k);
        case Kind::Alternation:
            for (const auto& child : n.children)
                if (match(*child, pos, k))
                    return true;
            return false;
        case Kind::Literal: case Kind::Set: case Kind::Any:
            return pos < m_text.size() && n.matchesChar(m_text[pos]) && k(pos + 1);
        case Kind::Start: case Kind::StringStart: return pos == 0 && k(pos);
        case Kind::End:
            return (pos == m_text.size() || (pos + 1 == m_text.size() && m_text[pos] == U'\n')) && k(pos);
        case Kind::StringEnd: return pos == m_text.size() && k(pos);
        case Kind::WordBoundary: return isBoundary(pos) && k(pos);
        case Kind::NotWordBoundary: return !isBoundary(pos) && k(pos);
        case Kind::Group: return group(n, pos, k);
        case Kind::Repeat:
            return n.children.front()->isSingleChar() ? charRepeat(n, pos, k) : repeat(n, 0, pos, k);
        case Kind::LookAhead: {
            const auto any = [](std::size_t) { return true; };
            return match(*n.children.front(), pos, any) != n.isNegative && k(pos);
        }
        case Kind::LookBehind: {
            const auto endsHere = [pos](std::size_t end) { return end == pos; };
            const bool found = pos >= n.width && match(*n.children.front(), pos - n.width, endsHere);
            return found != n.isNegative && k(pos);
        }
        }
        return false;
    }

    std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>>& groups() { return m_groups; }

private:
    bool isBoundary(std::size_t pos) const
    {
        const bool before = pos > 0 && OpenSoraUnicode::isWord(m_text[pos - 1]);
        const bool after = pos < m_text.size() && OpenSoraUnicode::isWord(m_text[pos]);
        return before != after;
    }

    bool sequence(const Node& n, std::size_t i, std::size_t pos, const Continuation& k)
    {
        if (i == n.children.size())
            return k(pos);
        const auto next = [&](std::size_t p) { return sequence(n, i + 1, p, k); };
        return match(*n.children[i], pos, next);
    }

    bool group(const Node& n, std::size_t pos, const Continuation& k)
    {
        if (n.group < 0)
            return match(*n.children.front(), pos, k);
        const auto close = [&](std::size_t end) {
            auto& slot = m_groups[static_cast<std::size_t>(n.group)];
            const auto saved = slot;
            slot = {static_cast<std::ptrdiff_t>(pos), static_cast<std::ptrdiff_t>(end)};
            if (k(end))
                return true;
            slot = saved;
            return false;
        };
        return match(*n.children.front(), pos, close);
    }

    // One character per iteration: count the run once, then back off (no recursion per character).
    bool charRepeat(const Node& n, std::size_t pos, const Continuation& k)
    {
        const Node& item = *n.children.front();
        std::size_t count = 0;
        while (count < n.max && pos + count < m_text.size() && item.matchesChar(m_text[pos + count]))
            ++count;
        if (count < n.min)
            return false;
        if (n.isGreedy) {
            for (std::size_t c = count + 1; c-- > n.min;)
                if (k(pos + c))
                    return true;
            return false;
        }
        for (std::size_t c = n.min; c <= count; ++c)
            if (k(pos + c))
                return true;
        return false;
    }

    bool repeat(const Node& n, std::size_t count, std::size_t pos, const Continuation& k)
    {
        const auto again = [&](std::size_t p) {
            // An iteration that matched nothing ends the repetition (sre stops empty loops).
            if (p == pos && count + 1 > n.min)
                return false;
            return repeat(n, count + 1, p, k);
        };
        if (!n.isGreedy && count >= n.min && k(pos))
            return true;
        if (count < n.max && match(*n.children.front(), pos, again))
            return true;
        return n.isGreedy && count >= n.min && k(pos);
    }

    const std::u32string& m_text;
    std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>> m_groups;
};

} // namespace

std::u32string OpenSoraRegex::Match::group(const std::u32string& text, std::size_t index) const
{
    if (index == 0)
        return text.substr(begin, end - begin);
    const auto& g = groups.at(index);
    return g.first < 0 ? std::u32string() : text.substr(static_cast<std::size_t>(g.first),
                                                        static_cast<std::size_t>(g.second - g.first));
}

OpenSoraRegex::OpenSoraRegex(const std::u32string& pattern, bool isVerbose)
{
    m_root = OpenSoraRegexParser::parse(pattern, isVerbose, m_groups);
}

OpenSoraRegex::~OpenSoraRegex() = default;
OpenSoraRegex::OpenSoraRegex(OpenSoraRegex&&) noexcept = default;

std::size_t OpenSoraRegex::groupCount() const
{
    return m_groups;
}

namespace {

// One attempt at `start`: the match, if any (an empty one refused when mustAdvance).
std::optional<OpenSoraRegex::Match> attempt(const Node& root, std::size_t groups, const std::u32string& text,
                                            std::size_t start, bool mustAdvance)
{
    Matcher matcher(text, groups);
    std::size_t end = 0;
    const auto accept = [&](std::size_t e) {
        if (mustAdvance && e == start)
            return false;
        end = e;
        return true;
    };
    if (!matcher.match(root, start, accept))
        return std::nullopt;
    OpenSoraRegex::Match m;
    m.begin = start;
    m.end = end;
    m.groups = matcher.groups();
    return m;
}

std::optional<OpenSoraRegex::Match> searchFrom(const Node& root, std::size_t groups, const std::u32string& text,
                                               std::size_t start, bool mustAdvance)
{
    for (std::size_t s = start; s <= text.size(); ++s)
        if (auto m = attempt(root, groups, text, s, mustAdvance && s == start))
            return m;
    return std::nullopt;
}

} // namespace

std::optional<OpenSoraRegex::Match> OpenSoraRegex::match(const std::u32string& text, std::size_t start) const
{
    return attempt(*m_root, m_groups, text, start, false);
}

std::optional<OpenSoraRegex::Match> OpenSoraRegex::search(const std::u32string& text, std::size_t start) const
{
    return searchFrom(*m_root, m_groups, text, start, false);
}

std::vector<OpenSoraRegex::Match> OpenSoraRegex::findAll(const std::u32string& text) const
{
    std::vector<Match> all;
    std::size_t pos = 0;
    bool mustAdvance = false;
    while (pos <= text.size()) {
        auto m = searchFrom(*m_root, m_groups, text, pos, mustAdvance);
        if (!m)
            break;
        mustAdvance = m->end == m->begin;
        pos = m->end;
        all.push_back(std::move(*m));
    }
    return all;
}

std::u32string OpenSoraRegex::sub(const std::u32string& text, const Replacer& replacer) const
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

std::u32string OpenSoraRegex::sub(const std::u32string& text, const std::u32string& tmpl) const
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
