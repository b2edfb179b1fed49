#include "sampling/StepCacheBytes.h"

#include "sampling/StepCachePolicy.h"

namespace framesmith {

std::int64_t StepCacheBytes::forStep(const std::string& setting, int batch, std::int64_t stateElements,
                                     std::int64_t probeElements, std::int64_t elementBytes)
{
    if (StepCachePolicy::forSetting(setting).isOff())
        return 0;
    const std::int64_t rows = batch < 1 ? 1 : batch;
    const std::int64_t resident = rows * (stateElements + probeElements) * elementBytes;
    const std::int64_t duringForward = 2 * rows * stateElements * elementBytes; // StepCache::run's input and head
    return resident + duringForward;
}

} // namespace framesmith
