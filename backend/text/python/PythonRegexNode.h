#pragma once
// The parsed form of an PythonRegex pattern (internal to the matcher and its parser).
#include "text/python/PythonRegex.h"
#include "text/python/PythonUnicode.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

namespace framesmith {

namespace python::regex {

constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();

struct CharSet {
    std::vector<std::pair<char32_t, char32_t>> ranges;
    bool word = false, notWord = false, digit = false, notDigit = false, space = false, notSpace = false;
    bool whiteSpace = false, notWhiteSpace = false; // the regex module's \s \S
    bool isNegated = false;

    bool contains(char32_t c) const
    {
        bool in = std::any_of(ranges.begin(), ranges.end(), [c](const auto& r) { return r.first <= c && c <= r.second; })
            || (word && PythonUnicode::isWord(c)) || (notWord && !PythonUnicode::isWord(c))
            || (digit && PythonUnicode::isDigit(c)) || (notDigit && !PythonUnicode::isDigit(c))
            || (space && PythonUnicode::isSpace(c)) || (notSpace && !PythonUnicode::isSpace(c))
            || (whiteSpace && PythonUnicode::isWhiteSpace(c)) || (notWhiteSpace && !PythonUnicode::isWhiteSpace(c));
        return in != isNegated;
    }
};


} // namespace python::regex

struct PythonRegex::Node {
    enum class Kind { Sequence, Alternation, Literal, Set, Any, Start, End, WordBoundary, NotWordBoundary,
                      StringStart, StringEnd, Group, Repeat, LookAhead, LookBehind };
    Kind kind = Kind::Sequence;
    std::vector<std::unique_ptr<Node>> children;
    char32_t literal = 0;
    python::regex::CharSet set;
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

} // namespace framesmith
