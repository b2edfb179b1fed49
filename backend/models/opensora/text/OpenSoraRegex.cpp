#include "models/opensora/text/OpenSoraRegex.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraUnicode.h"

#include <algorithm>
#include <limits>

namespace framesmith {

namespace {

constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();

struct CharSet {
    std::vector<std::pair<char32_t, char32_t>> ranges;
    bool word = false, notWord = false, digit = false, notDigit = false, space = false, notSpace = false;
    bool isNegated = false;

    bool contains(char32_t c) const
    {
        bool in = std::any_of(ranges.begin(), ranges.end(), [c](const auto& r) { return r.first <= c && c <= r.second; })
            || (word && OpenSoraUnicode::isWord(c)) || (notWord && !OpenSoraUnicode::isWord(c))
            || (digit && OpenSoraUnicode::isDigit(c)) || (notDigit && !OpenSoraUnicode::isDigit(c))
            || (space && OpenSoraUnicode::isSpace(c)) || (notSpace && !OpenSoraUnicode::isSpace(c));
        return in != isNegated;
    }
};

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

} // namespace

struct OpenSoraRegex::Node {
    enum class Kind { Sequence, Alternation, Literal, Set, Any, Start, End, WordBoundary, NotWordBoundary,
                      StringStart, StringEnd, Group, Repeat, LookAhead, LookBehind };
    Kind kind = Kind::Sequence;
    std::vector<std::unique_ptr<Node>> children;
    char32_t literal = 0;
    CharSet set;
    int group = -1;                 // capture index (Group); -1: non-capturing
    std::size_t min = 0, max = 0;   // Repeat
    bool isGreedy = true;
    bool isNegative = false;        // LookAhead / LookBehind
    std::size_t width = 0;          // LookBehind

    bool isSingleChar() const { return kind == Kind::Literal || kind == Kind::Set || kind == Kind::Any; }
    bool matchesChar(char32_t c) const
    {
        switch (kind) {
        case Kind::Literal: return c == literal;
        case Kind::Set: return set.contains(c);
        default: return c != U'\n'; // Any
        }
    }
};

namespace {

using Node = OpenSoraRegex::Node;
using Kind = Node::Kind;

class Parser {
public:
    Parser(const std::u32string& pattern, bool isVerbose) : m_p(pattern), m_isVerbose(isVerbose) {}

    std::unique_ptr<Node> parse(std::size_t& groups)
    {
        auto root = alternation();
        if (m_i != m_p.size())
            fail("unbalanced parenthesis");
        groups = m_groups;
        return root;
    }

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        throw Error(ErrorCode::Internal, "caption cleaning regex: " + what + " at " + std::to_string(m_i) + " in '"
                                             + OpenSoraUnicode::toUtf8(m_p) + "'");
    }

    void skipVerbose()
    {
        while (m_isVerbose && m_i < m_p.size()) {
            // sre_parse's WHITESPACE: ASCII only.
            const char32_t c = m_p[m_i];
            if (c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\v' || c == U'\f') {
                ++m_i;
            } else if (m_p[m_i] == U'#') {
                while (m_i < m_p.size() && m_p[m_i] != U'\n')
                    ++m_i;
            } else {
                break;
            }
        }
    }
    bool atEnd() { skipVerbose(); return m_i >= m_p.size(); }
    char32_t peek() { skipVerbose(); return m_p[m_i]; }

    std::unique_ptr<Node> alternation()
    {
        auto alt = std::make_unique<Node>();
        alt->kind = Kind::Alternation;
        alt->children.push_back(sequence());
        while (!atEnd() && peek() == U'|') {
            ++m_i;
            alt->children.push_back(sequence());
        }
        return alt->children.size() == 1 ? std::move(alt->children.front()) : std::move(alt);
    }

    std::unique_ptr<Node> sequence()
    {
        auto seq = std::make_unique<Node>();
        seq->kind = Kind::Sequence;
        while (!atEnd() && peek() != U'|' && peek() != U')') {
            auto item = atom();
            seq->children.push_back(quantified(std::move(item)));
        }
        return seq;
    }

    bool readNumber(std::size_t& value)
    {
        const std::size_t start = m_i;
        value = 0;
        while (m_i < m_p.size() && m_p[m_i] >= U'0' && m_p[m_i] <= U'9')
            value = value * 10 + (m_p[m_i++] - U'0');
        return m_i > start;
    }

    // {m}, {m,}, {,n}, {m,n}; anything else leaves '{' a literal (Python's rule).
    bool braces(std::size_t& min, std::size_t& max)
    {
        const std::size_t start = m_i;
        ++m_i;
        const bool hasMin = readNumber(min);
        if (!hasMin)
            min = 0;
        max = min;
        if (m_i < m_p.size() && m_p[m_i] == U',') {
            ++m_i;
            if (!readNumber(max))
                max = kUnbounded;
        } else if (!hasMin) {
            m_i = start;
            return false;
        }
        if (m_i >= m_p.size() || m_p[m_i] != U'}') {
            m_i = start;
            return false;
        }
        ++m_i;
        return true;
    }

    std::unique_ptr<Node> quantified(std::unique_ptr<Node> item)
    {
        while (!atEnd()) {
            std::size_t min = 0, max = 0;
            const char32_t c = peek();
            if (c == U'*') {
                min = 0, max = kUnbounded, ++m_i;
            } else if (c == U'+') {
                min = 1, max = kUnbounded, ++m_i;
            } else if (c == U'?') {
                min = 0, max = 1, ++m_i;
            } else if (c != U'{' || !braces(min, max)) {
                return item;
            }
            auto repeat = std::make_unique<Node>();
            repeat->kind = Kind::Repeat;
            repeat->min = min;
            repeat->max = max;
            if (m_i < m_p.size() && m_p[m_i] == U'?') {
                repeat->isGreedy = false;
                ++m_i;
            }
            repeat->children.push_back(std::move(item));
            item = std::move(repeat);
        }
        return item;
    }

    std::unique_ptr<Node> simple(Kind kind)
    {
        auto node = std::make_unique<Node>();
        node->kind = kind;
        return node;
    }

    std::unique_ptr<Node> literal(char32_t c)
    {
        auto node = simple(Kind::Literal);
        node->literal = c;
        return node;
    }

    std::unique_ptr<Node> atom()
    {
        const char32_t c = peek();
        ++m_i;
        switch (c) {
        case U'(': return group();
        case U'[': return charClass();
        case U'.': return simple(Kind::Any);
        case U'^': return simple(Kind::Start);
        case U'$': return simple(Kind::End);
        case U'\\': return escape();
        case U'*': case U'+': case U'?': fail("nothing to repeat");
        default: return literal(c);
        }
    }

    std::unique_ptr<Node> group()
    {
        std::unique_ptr<Node> node;
        if (m_i < m_p.size() && m_p[m_i] == U'?') {
            const std::u32string rest = m_p.substr(m_i, 3);
            if (rest.rfind(U"?:", 0) == 0) {
                m_i += 2;
                node = simple(Kind::Group);
            } else if (rest.rfind(U"?=", 0) == 0 || rest.rfind(U"?!", 0) == 0) {
                node = simple(Kind::LookAhead);
                node->isNegative = rest[1] == U'!';
                m_i += 2;
            } else if (rest == U"?<=" || rest == U"?<!") {
                node = simple(Kind::LookBehind);
                node->isNegative = rest[2] == U'!';
                m_i += 3;
            } else {
                fail("unsupported group syntax");
            }
        } else {
            node = simple(Kind::Group);
            node->group = static_cast<int>(++m_groups);
        }
        node->children.push_back(alternation());
        if (atEnd() || peek() != U')')
            fail("missing )");
        ++m_i;
        if (node->kind == Kind::LookBehind)
            node->width = fixedWidth(*node->children.front());
        return node;
    }

    std::size_t fixedWidth(const Node& n) const
    {
        switch (n.kind) {
        case Kind::Literal: case Kind::Set: case Kind::Any: return 1;
        case Kind::Sequence: {
            std::size_t w = 0;
            for (const auto& c : n.children)
                w += fixedWidth(*c);
            return w;
        }
        case Kind::Alternation: {
            const std::size_t w = fixedWidth(*n.children.front());
            for (const auto& c : n.children)
                if (fixedWidth(*c) != w)
                    fail("look-behind requires fixed-width pattern");
            return w;
        }
        case Kind::Group: return fixedWidth(*n.children.front());
        case Kind::Repeat:
            if (n.min != n.max)
                fail("look-behind requires fixed-width pattern");
            return n.min * fixedWidth(*n.children.front());
        default: return 0;
        }
    }

    char32_t hexDigits(std::size_t count)
    {
        char32_t value = 0;
        for (std::size_t k = 0; k < count; ++k) {
            if (m_i >= m_p.size())
                fail("incomplete escape");
            const char32_t h = m_p[m_i++];
            int digit = h >= U'0' && h <= U'9' ? int(h - U'0') : h >= U'a' && h <= U'f' ? int(h - U'a' + 10)
                      : h >= U'A' && h <= U'F' ? int(h - U'A' + 10) : -1;
            if (digit < 0)
                fail("bad hex escape");
            value = value * 16 + static_cast<char32_t>(digit);
        }
        return value;
    }

    // A character escape (shared by classes and atoms); nullopt for class escapes (\d \w \s ...).
    std::optional<char32_t> characterEscape(char32_t c, bool isInClass)
    {
        switch (c) {
        case U'n': return U'\n';
        case U't': return U'\t';
        case U'r': return U'\r';
        case U'f': return U'\f';
        case U'v': return U'\v';
        case U'a': return U'\a';
        case U'x': return hexDigits(2);
        case U'u': return hexDigits(4);
        case U'U': return hexDigits(8);
        case U'b':
            if (isInClass)
                return U'\b';
            return std::nullopt;
        case U'0': {
            char32_t value = 0;
            for (int k = 0; k < 2 && m_i < m_p.size() && m_p[m_i] >= U'0' && m_p[m_i] <= U'7'; ++k)
                value = value * 8 + (m_p[m_i++] - U'0');
            return value;
        }
        default: break;
        }
        if ((c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'1' && c <= U'9'))
            return std::nullopt;
        return c; // an escaped non-alphanumeric character stands for itself
    }

    bool classEscape(char32_t c, CharSet& set)
    {
        switch (c) {
        case U'd': set.digit = true; return true;
        case U'D': set.notDigit = true; return true;
        case U'w': set.word = true; return true;
        case U'W': set.notWord = true; return true;
        case U's': set.space = true; return true;
        case U'S': set.notSpace = true; return true;
        default: return false;
        }
    }

    std::unique_ptr<Node> escape()
    {
        if (m_i >= m_p.size())
            fail("trailing backslash");
        const char32_t c = m_p[m_i++];
        auto setNode = simple(Kind::Set);
        if (classEscape(c, setNode->set))
            return setNode;
        switch (c) {
        case U'b': return simple(Kind::WordBoundary);
        case U'B': return simple(Kind::NotWordBoundary);
        case U'A': return simple(Kind::StringStart);
        case U'Z': return simple(Kind::StringEnd);
        default: break;
        }
        if (auto ch = characterEscape(c, false))
            return literal(*ch);
        fail("unsupported escape");
    }

    std::unique_ptr<Node> charClass()
    {
        auto node = simple(Kind::Set);
        CharSet& set = node->set;
        if (m_i < m_p.size() && m_p[m_i] == U'^') {
            set.isNegated = true;
            ++m_i;
        }
        bool isFirst = true;
        while (true) {
            if (m_i >= m_p.size())
                fail("unterminated character set");
            char32_t c = m_p[m_i++];
            if (c == U']' && !isFirst)
                break;
            isFirst = false;
            char32_t low = c;
            if (c == U'\\') {
                if (m_i >= m_p.size())
                    fail("trailing backslash");
                const char32_t e = m_p[m_i++];
                if (classEscape(e, set))
                    continue;
                auto ch = characterEscape(e, true);
                if (!ch)
                    fail("unsupported escape in set");
                low = *ch;
            }
            // A range "a-b" unless the '-' ends the set.
            if (m_i + 1 < m_p.size() && m_p[m_i] == U'-' && m_p[m_i + 1] != U']') {
                ++m_i;
                char32_t high = m_p[m_i++];
                if (high == U'\\') {
                    auto ch = characterEscape(m_p[m_i++], true);
                    if (!ch)
                        fail("bad range");
                    high = *ch;
                }
                if (high < low)
                    fail("bad character range");
                set.ranges.emplace_back(low, high);
            } else {
                set.ranges.emplace_back(low, low);
            }
        }
        return node;
    }

    const std::u32string& m_p;
    bool m_isVerbose;
    std::size_t m_i = 0;
    std::size_t m_groups = 0;
};

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
    Parser parser(pattern, isVerbose);
    m_root = parser.parse(m_groups);
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
