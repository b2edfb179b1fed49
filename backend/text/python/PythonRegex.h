#pragma once
// The part of Python's `re` that caption cleaning, ftfy and html.parser use, with its semantics on
// str patterns, run by a Pike VM in time linear in the text (PythonRegexProgram): the
// backtracker's answers (leftmost match, alternatives in order, greedy or lazy
// repeats), character classes with ranges and \w \d \s (\W \D \S) from Python's own Unicode tables,
// \b \B ^ $ (before a final newline too) . (not newline), groups, (?:), (?=) (?!), fixed-width
// (?<=) (?<!), {m,n} repeats, \xhh \uhhhh escapes, and re.VERBOSE. sub() follows re.sub (non-
// overlapping matches left to right, an empty match not directly after the previous match, \1 and
// \g<1> in templates). Byte patterns run on code points 0..255. Unsupported syntax (backreferences,
// inline flags, named groups) is refused at construction. Immutable after construction; any thread.
// The third-party `regex` module (what `import regex as re` gives) differs on str patterns in its
// character classes; Flavor::RegexModule gives its \s (Unicode White_Space: not the separators
// U+001C..U+001F that str.isspace() and re's \s include) and refuses \w \d \b, whose regex-module
// tables (Alphabetic + Mark + ..., a newer Unicode) are not carried here.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class PythonRegexProgram;

class PythonRegex {
public:
    struct Match {
        std::size_t begin = 0, end = 0;
        std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>> groups; // [1..n]: -1 when unset
        std::u32string group(const std::u32string& text, std::size_t index) const;
    };
    using Replacer = std::function<std::u32string(const Match&)>;

    enum class Flavor { Re, RegexModule };

    explicit PythonRegex(const std::u32string& pattern, bool isVerbose = false, Flavor flavor = Flavor::Re);
    ~PythonRegex();
    PythonRegex(PythonRegex&&) noexcept;

    // Anchored matches of one pattern on one text at many starts (an HTML parser trying a start tag
    // at every '<' of an unclosed "<a <a <a…") share their work through this: a later match stops
    // where its threads converge with an earlier one's and takes that one's outcome. One text per
    // cache (clear() when it changes); one thread.
    // Several runs are kept per position: starts inside and outside a quoted value alternate.
    struct EndCache {
        static constexpr std::size_t kRunsKept = 4;
        struct Seen {
            std::vector<std::size_t> threads; // alive at that position, in priority order
            std::ptrdiff_t lastEnd = -1;      // the last match end that run found from there; -1: none
        };
        std::vector<std::vector<Seen>> seen; // [position]
        void clear() { seen.clear(); }
    };

    std::optional<Match> match(const std::u32string& text, std::size_t start = 0) const;  // anchored at start
    // match(text, start)->end, sharing work with earlier calls through `cache`.
    std::optional<std::size_t> matchEnd(const std::u32string& text, std::size_t start, EndCache& cache) const;
    std::optional<Match> search(const std::u32string& text, std::size_t start = 0) const;
    bool isFoundIn(const std::u32string& text) const { return search(text).has_value(); }
    std::vector<Match> findAll(const std::u32string& text) const;
    std::u32string sub(const std::u32string& text, const std::u32string& replacementTemplate) const;
    std::u32string sub(const std::u32string& text, const Replacer& replacer) const;
    std::size_t groupCount() const;

    struct Node;

private:
    std::unique_ptr<Node> m_root;
    std::size_t m_groups = 0;
    std::unique_ptr<PythonRegexProgram> m_program; // points into m_root: declared after it
};

} // namespace framesmith
