#pragma once
// An PythonRegex pattern compiled for a Pike VM (internal to PythonRegex): every thread of the
// backtracking search runs in lock step over the text, one list entry per instruction, so a search
// costs O(text length × program size) whatever the input, and nothing recurses per character (the
// backtracker it replaces recursed once per repetition and took quadratic time on "a.a.a…").
// Threads are kept in priority order and a thread that reaches an instruction an earlier one
// already holds at that position is dropped, which gives the backtracker's answer (leftmost match,
// alternatives in order, greedy or lazy repeats, an empty iteration ending a repeat). Look-arounds
// are sub-programs run at the position they test. Immutable after construction; any thread.
#include "text/python/PythonRegex.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class PythonRegexProgram {
public:
    PythonRegexProgram(const PythonRegex::Node& root, std::size_t groups);
    ~PythonRegexProgram();

    // The leftmost match starting at `start` or later (only at `start` when anchored); an empty
    // match at `start` itself is refused when mustAdvance (re.sub's rule after an empty match).
    // With a cache (anchored only), only the match's begin and end are meaningful.
    std::optional<PythonRegex::Match> search(const std::u32string& text, std::size_t start, bool isAnchored,
                                               bool mustAdvance, PythonRegex::EndCache* cache = nullptr) const;

    // Work done by this thread's searches so far (threads stepped over characters): lets a test
    // check that the work grows linearly with the text without timing anything.
    static std::size_t threadSteps();

    struct Instruction;

private:
    struct Compiler;
    class Vm;

    std::vector<Instruction> m_code;
    std::vector<std::unique_ptr<PythonRegexProgram>> m_looks; // one sub-program per look-around
    std::size_t m_slots = 2;                                      // capture slots: 2 per group, 0/1 the match
};

} // namespace framesmith
