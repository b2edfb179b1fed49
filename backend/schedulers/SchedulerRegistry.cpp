#include "schedulers/SchedulerRegistry.h"

#include "framesmith/Error.h"
#include "schedulers/CogVideoXDDIMScheduler.h"
#include "schedulers/CogVideoXDPMScheduler.h"

namespace framesmith {

namespace {

template <class S>
std::unique_ptr<Scheduler> make(const SchedulerConfig& config)
{
    return std::make_unique<S>(config);
}

std::string knownNames()
{
    std::string names;
    for (const auto& e : SchedulerRegistry::entries())
        names += (names.empty() ? "" : ", ") + e.name;
    return names;
}

} // namespace

const std::vector<SchedulerEntry>& SchedulerRegistry::entries()
{
    // Explicit list, not static self-registration: objects of a static library that nothing
    // references are dropped by the linker.
    static const std::vector<SchedulerEntry> list = {
        {"ddim", "CogVideoXDDIMScheduler", "deterministic DDIM (CogVideoX-2b default)", make<CogVideoXDDIMScheduler>},
        {"dpm", "CogVideoXDPMScheduler", "stochastic 2nd-order DPM-Solver++ (5b / 1.5 default)", make<CogVideoXDPMScheduler>},
    };
    return list;
}

const SchedulerEntry* SchedulerRegistry::findByName(const std::string& name)
{
    for (const auto& e : entries())
        if (e.name == name || e.className == name)
            return &e;
    return nullptr;
}

const SchedulerEntry* SchedulerRegistry::findByClassName(const std::string& className)
{
    for (const auto& e : entries())
        if (e.className == className)
            return &e;
    return nullptr;
}

std::unique_ptr<Scheduler> SchedulerRegistry::create(const std::string& requested, const SchedulerConfig& config)
{
    if (requested.empty()) {
        const SchedulerEntry* own = findByClassName(config.className);
        if (!own)
            throw InvalidRequestError("scheduler", "the model's scheduler '" + config.className +
                                                       "' is not supported; choose one of: " + knownNames());
        return own->create(config);
    }
    const SchedulerEntry* entry = findByName(requested);
    if (!entry)
        throw InvalidRequestError("scheduler", "unknown scheduler '" + requested + "' (known: " + knownNames() + ")");
    SchedulerConfig adapted = config;
    adapted.className = entry->className;
    return entry->create(adapted);
}

std::unique_ptr<Scheduler> SchedulerRegistry::createForModel(const std::string& modelDir, const std::string& requested)
{
    return create(requested, SchedulerConfig::fromModelFolder(modelDir));
}

} // namespace framesmith
