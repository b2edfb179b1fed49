#include "framesmith/KnobValue.h"

#include <cstdio>

namespace framesmith {

namespace {

const KnobValue* find(const KnobValues& knobs, const std::string& name)
{
    const auto it = knobs.find(name);
    return it == knobs.end() ? nullptr : &it->second;
}

} // namespace

std::string knobValueText(const KnobValue& value)
{
    if (const bool* b = std::get_if<bool>(&value))
        return *b ? "true" : "false";
    if (const std::int64_t* i = std::get_if<std::int64_t>(&value))
        return std::to_string(*i);
    if (const double* d = std::get_if<double>(&value)) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", *d);
        return text;
    }
    return std::get<std::string>(value);
}

std::optional<double> knobNumber(const KnobValues& knobs, const std::string& name)
{
    const KnobValue* v = find(knobs, name);
    if (const double* d = v ? std::get_if<double>(v) : nullptr)
        return *d;
    if (const std::int64_t* i = v ? std::get_if<std::int64_t>(v) : nullptr) // "3" in a job file is 3.0
        return static_cast<double>(*i);
    return std::nullopt;
}

std::optional<std::int64_t> knobInteger(const KnobValues& knobs, const std::string& name)
{
    const KnobValue* v = find(knobs, name);
    if (const std::int64_t* i = v ? std::get_if<std::int64_t>(v) : nullptr)
        return *i;
    return std::nullopt;
}

std::optional<bool> knobSwitch(const KnobValues& knobs, const std::string& name)
{
    const KnobValue* v = find(knobs, name);
    if (const bool* b = v ? std::get_if<bool>(v) : nullptr)
        return *b;
    return std::nullopt;
}

std::optional<std::string> knobText(const KnobValues& knobs, const std::string& name)
{
    const KnobValue* v = find(knobs, name);
    if (const std::string* s = v ? std::get_if<std::string>(v) : nullptr)
        return *s;
    return std::nullopt;
}

} // namespace framesmith
