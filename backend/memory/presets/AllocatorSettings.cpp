#include "memory/presets/AllocatorSettings.h"

#include <torch/version.h>

#include <cstdio>
#include <cstdlib>

namespace framesmith {

bool AllocatorSettings::supportsExpandableSegments()
{
    return TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1);
}

std::string AllocatorSettings::configString(const MemoryPreset& preset)
{
    std::string config;
    auto append = [&config](const std::string& item) { config += (config.empty() ? "" : ",") + item; };
    if (preset.expandableSegments && supportsExpandableSegments())
        append("expandable_segments:True");
    if (preset.maxSplitSizeMb > 0)
        append("max_split_size_mb:" + std::to_string(preset.maxSplitSizeMb));
    if (preset.garbageCollectionThreshold > 0) {
        char value[32];
        std::snprintf(value, sizeof value, "%g", preset.garbageCollectionThreshold);
        append(std::string("garbage_collection_threshold:") + value);
    }
    return config;
}

std::string AllocatorSettings::apply(const MemoryPreset& preset)
{
    if (const char* existing = std::getenv(kVariable); existing && *existing)
        return std::string(kVariable) + " was already set to \"" + existing + "\"; keeping it (preset \"" +
               preset.name + "\" would use \"" + configString(preset) + "\")";
    const std::string config = configString(preset);
    const std::string leftOut = preset.expandableSegments && !supportsExpandableSegments()
                                    ? "; expandable segments left out: they need libtorch 2.1 or newer"
                                    : "";
    if (config.empty())
        return std::string("allocator defaults (preset \"") + preset.name + "\" sets none" + leftOut + ")";
    setenv(kVariable, config.c_str(), 0);
    return std::string(kVariable) + "=" + config + " (from preset \"" + preset.name + "\"" + leftOut + ")";
}

} // namespace framesmith
