#pragma once
// validateRequest's part for the family's knobs: every knob the request sets must be one the model
// declares (else the nearest name is suggested), of its kind and in its range. Pure; any thread.
#include "framesmith/ParameterSpec.h"

#include <vector>

namespace framesmith {

void checkKnobs(std::vector<FieldError>& errors, const KnobValues& knobs, const ParameterSpec& spec);

} // namespace framesmith
