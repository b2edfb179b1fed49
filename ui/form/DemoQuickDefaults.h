#pragma once
// What the demo model's form starts with whenever the demo is chosen: the shortest clip at a small
// size with few steps, so a first run on a CPU shows every stage within seconds. Pure; any thread.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

namespace DemoQuickDefaults {
framesmith::GenerationRequest applied(framesmith::GenerationRequest request, const framesmith::ParameterSpec& spec);
} // namespace DemoQuickDefaults
