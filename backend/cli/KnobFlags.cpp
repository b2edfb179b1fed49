#include "cli/KnobFlags.h"

#include "core/EditDistance.h"
#include "framesmith/Error.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace framesmith::cli {

namespace {

bool isKnobFlagText(const std::string& a) { return a.rfind("--", 0) == 0 && a.size() > 2; }

std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

std::string range(const FamilyKnob& knob)
{
    return shortNumber(knob.minimum) + " to " + shortNumber(knob.maximum);
}

const char* metavar(KnobKind kind)
{
    switch (kind) {
    case KnobKind::Integer: return " N";
    case KnobKind::Number: return " NUMBER";
    case KnobKind::Text: return " TEXT";
    case KnobKind::Switch:
    case KnobKind::Invalid: break;
    }
    return "";
}

} // namespace

std::optional<std::string> KnobFlags::peek(const std::vector<std::string>& argv, const std::string& flag)
{
    std::optional<std::string> found;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == flag && i + 1 < argv.size())
            found = argv[++i];
        else if (argv[i].rfind(flag + "=", 0) == 0)
            found = argv[i].substr(flag.size() + 1);
    }
    return found;
}

std::set<std::string> KnobFlags::flags() const
{
    std::set<std::string> out;
    for (const FamilyKnob& knob : m_knobs)
        out.insert(knob.cliFlag());
    return out;
}

std::set<std::string> KnobFlags::switches() const
{
    std::set<std::string> out;
    for (const FamilyKnob& knob : m_knobs)
        if (knob.kind == KnobKind::Switch)
            out.insert(knob.cliFlag());
    return out;
}

void KnobFlags::rejectUnknown(const std::vector<std::string>& argv, const std::set<std::string>& known,
                              const std::set<std::string>& switches) const
{
    const std::set<std::string> knobFlags = flags(), knobSwitches = this->switches();
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (!isKnobFlagText(argv[i]))
            continue;
        const std::size_t eq = argv[i].find('=');
        const std::string flag = argv[i].substr(0, eq);
        const bool isKnob = knobFlags.count(flag) > 0;
        if (known.count(flag) || isKnob) {
            const bool takesValue = !(switches.count(flag) || knobSwitches.count(flag));
            if (takesValue && eq == std::string::npos)
                ++i; // its value, whatever it looks like ("--prompt --not-a-flag")
            continue;
        }
        std::string list;
        for (const std::string& f : knobFlags)
            list += (list.empty() ? "" : ", ") + f;
        const std::string nearest = nearestName(flag, std::vector<std::string>(knobFlags.begin(), knobFlags.end()));
        throw InvalidRequestError(flag, "unknown option" + (nearest.empty() ? "" : " (did you mean " + nearest + "?)") +
                                            (list.empty() ? std::string("; this model has no knobs")
                                                          : "; this model's knobs are " + list));
    }
}

KnobValue KnobFlags::parse(const FamilyKnob& knob, const std::string& text) const
{
    const std::string flag = knob.cliFlag();
    if (knob.kind == KnobKind::Switch) {
        if (text == "1" || text == "true" || text == "on")
            return true;
        if (text == "0" || text == "false" || text == "off")
            return false;
        throw InvalidRequestError(flag, "is a switch: give it alone, or =true / =false, not '" + text + "'");
    }
    if (knob.kind == KnobKind::Text)
        return text;
    char* end = nullptr;
    errno = 0;
    KnobValue value;
    double number = 0.0;
    if (knob.kind == KnobKind::Integer) {
        const long long n = std::strtoll(text.c_str(), &end, 10);
        if (text.empty() || *end != '\0' || errno == ERANGE)
            throw InvalidRequestError(flag, "expects a whole number from " + range(knob) + ", got '" + text + "'");
        value = static_cast<std::int64_t>(n);
        number = static_cast<double>(n);
    } else {
        number = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(number))
            throw InvalidRequestError(flag, "expects a number from " + range(knob) + ", got '" + text + "'");
        value = number;
    }
    if (!(number >= knob.minimum && number <= knob.maximum))
        throw InvalidRequestError(flag, "'" + text + "' is out of range (" + range(knob) + ")");
    return value;
}

void KnobFlags::apply(const CliArgs& args, KnobValues& knobs) const
{
    for (const FamilyKnob& knob : m_knobs)
        if (const std::optional<std::string> text = args.value(knob.cliFlag()))
            knobs[knob.name] = parse(knob, *text);
}

std::vector<std::string> KnobFlags::describe() const
{
    std::vector<std::string> lines;
    for (const FamilyKnob& knob : m_knobs) {
        std::string line = knob.cliFlag() + metavar(knob.kind);
        if (knob.kind == KnobKind::Integer || knob.kind == KnobKind::Number)
            line += "  " + range(knob);
        if (knob.defaultValue)
            line += std::string(knob.kind == KnobKind::Integer || knob.kind == KnobKind::Number ? ", " : "  ") +
                    "default " + knobValueText(*knob.defaultValue);
        line += ": " + knob.help;
        lines.push_back(line);
    }
    return lines;
}

} // namespace framesmith::cli
