#include "framesmith/StepCacheSetting.h"

#include <algorithm>

namespace framesmith {

const std::vector<std::string>& stepCacheSettings()
{
    static const std::vector<std::string> kSettings = {"off", "quality", "balanced", "fast"};
    return kSettings;
}

bool isStepCacheSetting(const std::string& name)
{
    const auto& all = stepCacheSettings();
    return std::find(all.begin(), all.end(), name) != all.end();
}

} // namespace framesmith
