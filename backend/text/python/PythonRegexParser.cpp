#include "text/python/PythonRegexParser.h"

#include "framesmith/Error.h"

#include <optional>

namespace framesmith {

namespace {

using Node = PythonRegex::Node;
using Kind = Node::Kind;
using python::regex::CharSet;
using python::regex::kUnbounded;

class Parser {
public:
    Parser(const std::u32string& pattern, bool isVerbose, PythonRegex::Flavor flavor)
        : m_p(pattern), m_isVerbose(isVerbose), m_isRegexModule(flavor == PythonRegex::Flavor::RegexModule)
    {
    }

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
        throw Error(ErrorCode::Internal, "Python regex: " + what + " at " + std::to_string(m_i) + " in '"
                                             + PythonUnicode::toUtf8(m_p) + "'");
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
        if (m_isRegexModule && (c == U'd' || c == U'D' || c == U'w' || c == U'W'))
            fail("\\d and \\w of the regex module (its own Unicode tables) are not implemented");
        if (m_isRegexModule && (c == U's' || c == U'S')) {
            (c == U's' ? set.whiteSpace : set.notWhiteSpace) = true;
            return true;
        }
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
        case U'b': case U'B':
            if (m_isRegexModule)
                fail("\\b and \\B of the regex module (its own \\w) are not implemented");
            return simple(c == U'b' ? Kind::WordBoundary : Kind::NotWordBoundary);
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
    bool m_isRegexModule;
    std::size_t m_i = 0;
    std::size_t m_groups = 0;
};

} // namespace

std::unique_ptr<PythonRegex::Node> PythonRegexParser::parse(const std::u32string& pattern, bool isVerbose,
                                                            PythonRegex::Flavor flavor, std::size_t& groups)
{
    Parser parser(pattern, isVerbose, flavor);
    return parser.parse(groups);
}

} // namespace framesmith
