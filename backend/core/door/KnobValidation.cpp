#include "core/door/KnobValidation.h"

#include "core/EditDistance.h"

#include <cstdio>

namespace framesmith {

namespace {

std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

bool hasKind(const KnobValue& value, KnobKind kind)
{
    switch (kind) {
    case KnobKind::Switch: return std::holds_alternative<bool>(value);
    case KnobKind::Integer: return std::holds_alternative<std::int64_t>(value);
    case KnobKind::Number: return std::holds_alternative<double>(value) || std::holds_alternative<std::int64_t>(value);
    case KnobKind::Text: return std::holds_alternative<std::string>(value);
    case KnobKind::Invalid: break;
    }
    return false;
}

void checkUnknown(std::vector<FieldError>& errors, const std::string& name, const ParameterSpec& spec)
{
    std::vector<std::string> names;
    std::string known;
    for (const FamilyKnob& knob : spec.knobs) {
        names.push_back(knob.name);
        known += (known.empty() ? "" : ", ") + knob.name;
    }
    const std::string nearest = nearestName(name, names);
    std::string message = "this model has no knob '" + name + "'";
    if (!nearest.empty())
        message += " (did you mean '" + nearest + "'?)";
    message += known.empty() ? "; it has no knobs" : "; its knobs are " + known;
    std::vector<std::string> args{name, nearest};
    args.insert(args.end(), names.begin(), names.end());
    errors.push_back({"knobs." + name, message, FieldRule::UnknownKnob, args});
}

void checkValue(std::vector<FieldError>& errors, const FamilyKnob& knob, const KnobValue& value)
{
    const std::string field = "knobs." + knob.name;
    if (!hasKind(value, knob.kind)) {
        errors.push_back({field, knob.name + " expects " + knobKindName(knob.kind) + ", not " + knobValueText(value),
                          FieldRule::KnobKind,
                          {knob.name, std::to_string(static_cast<int>(knob.kind)), knobValueText(value)}});
        return;
    }
    if (knob.kind != KnobKind::Integer && knob.kind != KnobKind::Number)
        return;
    const double v = std::holds_alternative<double>(value) ? std::get<double>(value)
                                                           : static_cast<double>(std::get<std::int64_t>(value));
    if (v >= knob.minimum && v <= knob.maximum)
        return;
    errors.push_back({field,
                      knob.name + " must be between " + shortNumber(knob.minimum) + " and " + shortNumber(knob.maximum) +
                          ", not " + knobValueText(value),
                      FieldRule::KnobOutOfRange,
                      {knob.name, shortNumber(knob.minimum), shortNumber(knob.maximum), knobValueText(value)}});
}

} // namespace

void checkKnobs(std::vector<FieldError>& errors, const KnobValues& knobs, const ParameterSpec& spec)
{
    for (const auto& [name, value] : knobs) {
        if (const FamilyKnob* knob = spec.knob(name))
            checkValue(errors, *knob, value);
        else
            checkUnknown(errors, name, spec);
    }
}

} // namespace framesmith
