#pragma once
// A model's frame-count rule (ParameterSpec::frames) for people, in the user's language:
// "8N+1 (9–161)", "1 or 17–408". The form's tooltip, the model box and the validation line use it.
// Pure; GUI thread (translations).
#include "framesmith/ParameterSpec.h"

#include <QString>

class FrameRuleText {
public:
    static QString describe(const framesmith::FrameCountRule& rule);
};
