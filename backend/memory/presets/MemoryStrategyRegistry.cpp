#include "memory/presets/MemoryStrategyRegistry.h"

#include <algorithm>

// One line per strategy. Each strategies/<Name>Strategy.cpp defines make<Name>Strategy(); the
// registry names them explicitly because a static library drops self-registering objects.
#define FRAMESMITH_MEMORY_STRATEGIES(X)                                                            \
    X(ExpandableSegments)                                                                          \
    X(ReleaseCacheBetweenStages)                                                                   \
    X(ReleaseCacheEveryStep)                                                                       \
    X(TextEncoderRelease)                                                                          \
    X(TextEncoderOnCpu)                                                                            \
    X(TransformerResident)                                                                         \
    X(ModelOffload)                                                                                \
    X(BlockStreaming)                                                                              \
    X(Fp8Weights)                                                                                  \
    X(Int8Weights)                                                                                 \
    X(VaeTiling)                                                                                   \
    X(VaeSmallTiles)                                                                               \
    X(VaeSlicing)                                                                                  \
    X(MultiGpuSpread)                                                                              \
    X(CfgParallel)

namespace framesmith {

#define FRAMESMITH_DECLARE_STRATEGY(Name) std::unique_ptr<MemoryStrategy> make##Name##Strategy();
FRAMESMITH_MEMORY_STRATEGIES(FRAMESMITH_DECLARE_STRATEGY)
#undef FRAMESMITH_DECLARE_STRATEGY

const std::vector<std::unique_ptr<MemoryStrategy>>& memoryStrategies()
{
    static const std::vector<std::unique_ptr<MemoryStrategy>> strategies = [] {
        std::vector<std::unique_ptr<MemoryStrategy>> all;
#define FRAMESMITH_MAKE_STRATEGY(Name) all.push_back(make##Name##Strategy());
        FRAMESMITH_MEMORY_STRATEGIES(FRAMESMITH_MAKE_STRATEGY)
#undef FRAMESMITH_MAKE_STRATEGY
        return all;
    }();
    return strategies;
}

const MemoryStrategy* findMemoryStrategy(const std::string& name)
{
    for (const auto& strategy : memoryStrategies())
        if (strategy->name() == name)
            return strategy.get();
    return nullptr;
}

bool strategiesConflict(const std::string& first, const std::string& second)
{
    const auto names = [](const std::string& name, const std::string& other) {
        const MemoryStrategy* strategy = findMemoryStrategy(name);
        if (!strategy)
            return false;
        const auto excluded = strategy->excludes();
        return std::find(excluded.begin(), excluded.end(), other) != excluded.end();
    };
    return names(first, second) || names(second, first);
}

std::string memoryStrategyNames()
{
    std::string names;
    for (const auto& strategy : memoryStrategies())
        names += (names.empty() ? "" : ", ") + strategy->name();
    return names;
}

} // namespace framesmith
