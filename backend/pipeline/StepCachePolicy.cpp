#include "pipeline/StepCachePolicy.h"

#include "framesmith/Error.h"
#include "framesmith/StepCacheSetting.h"

namespace framesmith {

namespace {

StepCachePolicy firstBlock(double threshold)
{
    StepCachePolicy p;
    p.kind = StepCachePolicy::Kind::FirstBlockResidual;
    p.threshold = threshold;
    return p;
}

StepCachePolicy everyNth(int interval)
{
    StepCachePolicy p;
    p.kind = StepCachePolicy::Kind::FixedInterval;
    p.interval = interval;
    p.warmupSteps = 2;
    p.isLastStepComputed = true;
    return p;
}

} // namespace

StepCachePolicy StepCachePolicy::forSetting(const std::string& setting)
{
    if (setting == "off")
        return StepCachePolicy{};
    if (setting == "quality")
        return firstBlock(0.05); // diffusers FirstBlockCacheConfig's default threshold
    if (setting == "balanced")
        return firstBlock(0.12);
    if (setting == "fast")
        return everyNth(3);
    throw InvalidRequestError("stepCache", "is '" + setting + "'; choose one of off, quality, balanced, fast");
}

StepCachePolicy StepCachePolicy::neverSkip()
{
    return firstBlock(-1.0);
}

} // namespace framesmith
