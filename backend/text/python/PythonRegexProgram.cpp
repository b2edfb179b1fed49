#include "text/python/PythonRegexProgram.h"

#include "text/python/PythonRegexNode.h"
#include "text/python/PythonUnicode.h"

#include <utility>

namespace framesmith {

namespace {

using Node = PythonRegex::Node;
using Kind = Node::Kind;

thread_local std::size_t t_threadSteps = 0;

} // namespace

struct PythonRegexProgram::Instruction {
    enum class Op { Char, Split, Jump, Save, Assert, Look, Match };
    Op op = Op::Match;
    const Node* node = nullptr; // Char: the character test; Assert and Look: which one
    std::size_t x = 0, y = 0;   // Split: preferred, other; Jump: target; Save: slot; Look: sub-program
    const Node* lookChar = nullptr; // Look at one character: tested in place, without a sub-program
};

// Thompson's construction with priorities: a Split's x is tried before its y.
struct PythonRegexProgram::Compiler {
    PythonRegexProgram& program;
    std::size_t groups;

    using Op = Instruction::Op;

    std::size_t emit(Op op, const Node* node = nullptr, std::size_t x = 0)
    {
        program.m_code.push_back(Instruction{op, node, x, 0, nullptr});
        return program.m_code.size() - 1;
    }
    std::size_t next() const { return program.m_code.size(); }
    Instruction& at(std::size_t pc) { return program.m_code[pc]; }

    void compile(const Node& n)
    {
        switch (n.kind) {
        case Kind::Sequence:
            for (const auto& child : n.children)
                compile(*child);
            return;
        case Kind::Alternation: return alternation(n);
        case Kind::Literal: case Kind::Set: case Kind::Any: emit(Op::Char, &n); return;
        case Kind::Start: case Kind::End: case Kind::WordBoundary: case Kind::NotWordBoundary:
        case Kind::StringStart: case Kind::StringEnd:
            emit(Op::Assert, &n);
            return;
        case Kind::Group:
            if (n.group >= 0)
                emit(Op::Save, nullptr, 2 * static_cast<std::size_t>(n.group));
            compile(*n.children.front());
            if (n.group >= 0)
                emit(Op::Save, nullptr, 2 * static_cast<std::size_t>(n.group) + 1);
            return;
        case Kind::Repeat: return repeat(n);
        case Kind::LookAhead: case Kind::LookBehind:
            if (const Node* one = singleChar(*n.children.front())) { // (?!@): tested in place, no sub-search
                at(emit(Op::Look, &n)).lookChar = one;
                return;
            }
            program.m_looks.push_back(std::make_unique<PythonRegexProgram>(*n.children.front(), groups));
            emit(Op::Look, &n, program.m_looks.size() - 1);
            return;
        }
    }

    static const Node* singleChar(const Node& n)
    {
        if (n.isSingleChar())
            return &n;
        if ((n.kind == Kind::Sequence || n.kind == Kind::Alternation || n.kind == Kind::Group) && n.children.size() == 1)
            return singleChar(*n.children.front());
        return nullptr;
    }

    void alternation(const Node& n)
    {
        std::vector<std::size_t> jumps;
        for (std::size_t i = 0; i < n.children.size(); ++i) {
            if (i + 1 == n.children.size()) {
                compile(*n.children[i]);
                break;
            }
            const std::size_t split = emit(Op::Split);
            at(split).x = next();
            compile(*n.children[i]);
            jumps.push_back(emit(Op::Jump));
            at(split).y = next();
        }
        for (std::size_t jump : jumps)
            at(jump).x = next();
    }

    // X{m,n}: m copies, then n - m nested optional copies (X* : a loop); a lazy repeat prefers
    // leaving. An iteration that matched nothing comes back to its own Split at the same position,
    // which that position's list already holds: the thread is dropped, as sre stops empty loops.
    void repeat(const Node& n)
    {
        const Node& body = *n.children.front();
        for (std::size_t i = 0; i < n.min; ++i)
            compile(body);
        std::vector<std::size_t> splits;
        if (n.max == python::regex::kUnbounded) {
            const std::size_t loop = emit(Op::Split);
            splits.push_back(loop);
            compile(body);
            emit(Op::Jump, nullptr, loop);
        } else {
            for (std::size_t i = n.min; i < n.max; ++i) {
                splits.push_back(emit(Op::Split));
                compile(body);
            }
        }
        const std::size_t exit = next();
        for (std::size_t split : splits) {
            at(split).x = n.isGreedy ? split + 1 : exit;
            at(split).y = n.isGreedy ? exit : split + 1;
        }
    }
};

// One search: two thread lists (this position's, the next one's) with one capture row per instruction.
class PythonRegexProgram::Vm {
public:
    Vm(const PythonRegexProgram& program, const std::u32string& text)
        : m_program(program), m_text(text), m_slots(program.m_slots)
    {
        for (List* list : {&m_current, &m_next}) {
            list->stamp.assign(program.m_code.size(), 0);
            list->captures.assign(program.m_code.size() * m_slots, -1);
            list->order.reserve(program.m_code.size());
        }
        m_scratch.assign(m_slots, -1);
    }

    std::optional<PythonRegex::Match> run(std::size_t start, bool isAnchored, bool mustAdvance,
                                            PythonRegex::EndCache* cache)
    {
        using Op = Instruction::Op;
        std::vector<std::ptrdiff_t> best;
        std::vector<std::size_t> visited;       // positions this run recorded in the cache
        std::vector<bool> matchedAt;            // [i]: a match ended at visited[i]
        std::ptrdiff_t convergedEnd = -2;        // -2: no convergence; else the cache's lastEnd there
        if (cache && cache->seen.size() != m_text.size() + 1)
            cache->seen.assign(m_text.size() + 1, {});
        clear(m_current);
        for (std::size_t pos = start; pos <= m_text.size(); ++pos) {
            if (best.empty() && (!isAnchored || pos == start)) {
                std::fill(m_scratch.begin(), m_scratch.end(), -1);
                add(m_current, 0, pos); // the lowest priority: a later start
            }
            if (m_current.order.empty()) {
                if (!best.empty() || isAnchored)
                    break;
                clear(m_current); // nothing alive: the next position's start thread is all there is
                continue;
            }
            if (cache) {
                if (const auto* seen = converged(*cache, pos)) { // the same threads: the same future
                    convergedEnd = seen->lastEnd;
                    break;
                }
                auto& runs = cache->seen[pos];
                if (runs.size() == PythonRegex::EndCache::kRunsKept)
                    runs.erase(runs.begin()); // the oldest run gives way
                runs.push_back({m_current.order, -1});
                visited.push_back(pos);
                matchedAt.push_back(false);
            }
            clear(m_next);
            for (std::size_t pc : m_current.order) {
                const Instruction& in = m_program.m_code[pc];
                const std::ptrdiff_t* captures = &m_current.captures[pc * m_slots];
                if (in.op == Op::Match) {
                    if (mustAdvance && pos == start && captures[0] == static_cast<std::ptrdiff_t>(start))
                        continue;
                    best.assign(captures, captures + m_slots);
                    if (cache)
                        matchedAt.back() = true;
                    break; // the threads after this one have lower priority
                }
                ++t_threadSteps;
                if (pos < m_text.size() && in.node->matchesChar(m_text[pos])) {
                    std::copy(captures, captures + m_slots, m_scratch.begin());
                    add(m_next, pc + 1, pos + 1);
                }
            }
            std::swap(m_current, m_next);
        }
        if (cache)
            remember(*cache, visited, matchedAt, convergedEnd, best, start);
        if (best.empty())
            return std::nullopt;
        PythonRegex::Match m;
        m.begin = static_cast<std::size_t>(best[0]);
        m.end = static_cast<std::size_t>(best[1]);
        m.groups.assign(m_slots / 2, {-1, -1});
        for (std::size_t g = 1; g < m_slots / 2; ++g)
            if (best[2 * g] >= 0 && best[2 * g + 1] >= 0)
                m.groups[g] = {best[2 * g], best[2 * g + 1]};
        return m;
    }

private:
    struct List {
        std::vector<std::size_t> order;          // instructions holding a thread, in priority order
        std::vector<std::size_t> stamp;          // == generation: the instruction was reached this step
        std::vector<std::ptrdiff_t> captures;    // [instruction][slot]
        std::size_t generation = 0;
    };

    // The last match of a run is the one it returns: from each position the run passed, the last
    // match end at or after it, continued by what a converged run found (-1: no match there).
    const PythonRegex::EndCache::Seen* converged(const PythonRegex::EndCache& cache, std::size_t pos) const
    {
        for (const auto& seen : cache.seen[pos])
            if (seen.threads == m_current.order)
                return &seen;
        return nullptr;
    }

    void remember(PythonRegex::EndCache& cache, const std::vector<std::size_t>& visited,
                         const std::vector<bool>& matchedAt, std::ptrdiff_t convergedEnd,
                         std::vector<std::ptrdiff_t>& best, std::size_t start) const
    {
        std::ptrdiff_t last = convergedEnd >= 0 ? convergedEnd : -1;
        for (std::size_t i = visited.size(); i-- > 0;) {
            if (last < 0 && matchedAt[i])
                last = static_cast<std::ptrdiff_t>(visited[i]);
            cache.seen[visited[i]].back().lastEnd = last; // this run's entry: the last one there
        }
        if (convergedEnd >= 0) { // the converged run matched later: that is this run's match
            best.assign(m_slots, -1);
            best[0] = static_cast<std::ptrdiff_t>(start);
            best[1] = convergedEnd;
        }
    }

    static void clear(List& list)
    {
        list.order.clear();
        ++list.generation;
    }

    // Follows the empty transitions from pc with m_scratch as the thread's captures. The recursion
    // is as deep as the pattern's nesting, never the text's length.
    void add(List& list, std::size_t pc, std::size_t pos)
    {
        using Op = Instruction::Op;
        if (list.stamp[pc] == list.generation)
            return;
        list.stamp[pc] = list.generation;
        const Instruction& in = m_program.m_code[pc];
        switch (in.op) {
        case Op::Jump: add(list, in.x, pos); return;
        case Op::Split:
            add(list, in.x, pos);
            add(list, in.y, pos);
            return;
        case Op::Save: {
            const std::ptrdiff_t saved = m_scratch[in.x];
            m_scratch[in.x] = static_cast<std::ptrdiff_t>(pos);
            add(list, pc + 1, pos);
            m_scratch[in.x] = saved;
            return;
        }
        case Op::Assert:
            if (holds(*in.node, pos))
                add(list, pc + 1, pos);
            return;
        case Op::Look:
            if (looks(in, pos))
                add(list, pc + 1, pos);
            return;
        case Op::Char: case Op::Match:
            list.order.push_back(pc);
            std::copy(m_scratch.begin(), m_scratch.end(), list.captures.begin() + static_cast<std::ptrdiff_t>(pc * m_slots));
            return;
        }
    }

    bool isBoundary(std::size_t pos) const
    {
        const bool before = pos > 0 && PythonUnicode::isWord(m_text[pos - 1]);
        const bool after = pos < m_text.size() && PythonUnicode::isWord(m_text[pos]);
        return before != after;
    }

    bool holds(const Node& n, std::size_t pos) const
    {
        switch (n.kind) {
        case Kind::Start: case Kind::StringStart: return pos == 0;
        case Kind::End: return pos == m_text.size() || (pos + 1 == m_text.size() && m_text[pos] == U'\n');
        case Kind::StringEnd: return pos == m_text.size();
        case Kind::WordBoundary: return isBoundary(pos);
        case Kind::NotWordBoundary: return !isBoundary(pos);
        default: return false;
        }
    }

    // (?=X) (?!X) at pos; (?<=X) (?<!X): X of its fixed width ends at pos.
    bool looks(const Instruction& in, std::size_t pos) const
    {
        const Node& n = *in.node;
        bool found = false;
        if (in.lookChar) { // before pos for a look-behind, at pos for a look-ahead
            const Node& one = *in.lookChar;
            const bool isBehind = n.kind == Kind::LookBehind;
            found = isBehind ? pos > 0 && one.matchesChar(m_text[pos - 1])
                             : pos < m_text.size() && one.matchesChar(m_text[pos]);
            return found != n.isNegative;
        }
        const PythonRegexProgram& sub = *m_program.m_looks[in.x];
        if (n.kind == Kind::LookAhead) {
            found = sub.search(m_text, pos, true, false).has_value();
        } else if (pos >= n.width) {
            const auto m = sub.search(m_text, pos - n.width, true, false);
            found = m && m->end == pos;
        }
        return found != n.isNegative;
    }

    const PythonRegexProgram& m_program;
    const std::u32string& m_text;
    const std::size_t m_slots;
    List m_current, m_next;
    std::vector<std::ptrdiff_t> m_scratch;
};

PythonRegexProgram::PythonRegexProgram(const Node& root, std::size_t groups) : m_slots(2 * (groups + 1))
{
    Compiler compiler{*this, groups};
    compiler.emit(Instruction::Op::Save, nullptr, 0);
    compiler.compile(root);
    compiler.emit(Instruction::Op::Save, nullptr, 1);
    compiler.emit(Instruction::Op::Match);
}

PythonRegexProgram::~PythonRegexProgram() = default;

std::optional<PythonRegex::Match> PythonRegexProgram::search(const std::u32string& text, std::size_t start,
                                                                 bool isAnchored, bool mustAdvance,
                                                                 PythonRegex::EndCache* cache) const
{
    if (start > text.size())
        return std::nullopt;
    Vm vm(*this, text);
    return vm.run(start, isAnchored, mustAdvance, isAnchored ? cache : nullptr);
}

std::size_t PythonRegexProgram::threadSteps()
{
    return t_threadSteps;
}

} // namespace framesmith
