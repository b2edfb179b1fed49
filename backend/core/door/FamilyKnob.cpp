#include "framesmith/FamilyKnob.h"

#include <algorithm>

namespace framesmith {

std::string FamilyKnob::cliFlag() const
{
    std::string flag = "--" + name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::string knobKindName(KnobKind kind)
{
    switch (kind) {
    case KnobKind::Switch: return "a switch (true or false)";
    case KnobKind::Integer: return "a whole number";
    case KnobKind::Number: return "a number";
    case KnobKind::Text: return "a text";
    case KnobKind::Invalid: break;
    }
    return "nothing (the knob is declared without a kind)";
}

} // namespace framesmith
