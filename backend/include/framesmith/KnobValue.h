#pragma once
// The value of one family knob as a request carries it (GenerationRequest::knobs): a switch, a
// whole number, a number or a text, typed as the job file, the CLI or the form gave it; the
// model's FamilyKnob says which it must be (validateRequest checks). Plain values; any thread.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>

namespace framesmith {

using KnobValue = std::variant<bool, std::int64_t, double, std::string>;
// The knobs a request sets, by FamilyKnob::name; a knob left out takes its default.
using KnobValues = std::map<std::string, KnobValue>;

std::string knobValueText(const KnobValue& value); // as messages and the CLI show it: true, 3, 2.5, text

// What a pipeline reads (knob names are the family's own): the value set, or nullopt when the
// request leaves the knob out or sets it to another kind (validateRequest refuses that first).
std::optional<double> knobNumber(const KnobValues& knobs, const std::string& name); // a number or an integer
std::optional<std::int64_t> knobInteger(const KnobValues& knobs, const std::string& name);
std::optional<bool> knobSwitch(const KnobValues& knobs, const std::string& name);
std::optional<std::string> knobText(const KnobValues& knobs, const std::string& name);

} // namespace framesmith
