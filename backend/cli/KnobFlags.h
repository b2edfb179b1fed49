#pragma once
// The family knobs of one model as command-line flags: each FamilyKnob of its spec is
// `--<name with dashes> VALUE` (a switch takes no value), parsed by the knob's kind and range-checked
// here. The shared commands know no knob by name; a model that declares none takes none.
// Any thread.
#include "cli/CliArgs.h"
#include "framesmith/FamilyKnob.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace framesmith::cli {

class KnobFlags {
public:
    explicit KnobFlags(std::vector<FamilyKnob> knobs) : m_knobs(std::move(knobs)) {}

    // A flag's value read straight from argv ("--model DIR" or "--model=DIR"), before the knobs
    // (and so which flags are switches) are known.
    static std::optional<std::string> peek(const std::vector<std::string>& argv, const std::string& flag);

    std::set<std::string> flags() const;    // every knob's flag
    std::set<std::string> switches() const; // the switches' flags: they take no value
    // Throws InvalidRequestError naming the first flag in argv that is neither in `known` nor a
    // knob's, and listing this model's knob flags. `switches`: the known flags that take no value.
    void rejectUnknown(const std::vector<std::string>& argv, const std::set<std::string>& known,
                       const std::set<std::string>& switches) const;
    // Sets each knob whose flag was given; throws InvalidRequestError naming the flag for a value of
    // the wrong kind or out of the knob's range.
    void apply(const CliArgs& args, KnobValues& knobs) const;
    // One line per knob for usage and `inspect`: "--flow-shift NUMBER  0.1 to 20, default 3: help".
    std::vector<std::string> describe() const;

private:
    KnobValue parse(const FamilyKnob& knob, const std::string& text) const;

    std::vector<FamilyKnob> m_knobs;
};

} // namespace framesmith::cli
