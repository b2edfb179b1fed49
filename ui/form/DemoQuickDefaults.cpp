#include "ui/form/DemoQuickDefaults.h"

#include <algorithm>

namespace DemoQuickDefaults {

namespace {
constexpr int kWidth = 256;
constexpr int kHeight = 160;
constexpr int kSteps = 8;
} // namespace

framesmith::GenerationRequest applied(framesmith::GenerationRequest r, const framesmith::ParameterSpec& spec)
{
    r.frameCount = spec.frames.minimum();
    r.width = std::max(spec.minSize, (kWidth / spec.sizeMultiple) * spec.sizeMultiple);
    r.height = std::max(spec.minSize, (kHeight / spec.sizeMultiple) * spec.sizeMultiple);
    r.steps = kSteps;
    return r;
}

} // namespace DemoQuickDefaults
