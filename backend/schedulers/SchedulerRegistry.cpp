#include "schedulers/SchedulerRegistry.h"

#include "framesmith/Error.h"

namespace framesmith {

SchedulerRegistry::SchedulerRegistry(std::vector<SchedulerEntry> entries) : m_entries(std::move(entries)) {}

std::string SchedulerRegistry::knownNames() const
{
    std::string names;
    for (const auto& e : m_entries)
        names += (names.empty() ? "" : ", ") + e.name;
    return names;
}

const SchedulerEntry* SchedulerRegistry::findByName(const std::string& name) const
{
    for (const auto& e : m_entries)
        if (e.name == name || e.className == name)
            return &e;
    return nullptr;
}

const SchedulerEntry* SchedulerRegistry::findByClassName(const std::string& className) const
{
    for (const auto& e : m_entries)
        if (e.className == className)
            return &e;
    return nullptr;
}

std::vector<SchedulerOption> SchedulerRegistry::options() const
{
    std::vector<SchedulerOption> out;
    for (const auto& e : m_entries)
        out.push_back({e.name, e.label, e.summary});
    return out;
}

std::unique_ptr<Scheduler> SchedulerRegistry::create(const std::string& requested, const nlohmann::json& config,
                                                     const std::string& origin) const
{
    if (!config.is_object())
        throw FileError(ErrorCode::BadFile, origin, "is not a JSON object");
    const SchedulerEntry* entry = nullptr;
    if (requested.empty()) {
        auto own = config.find("_class_name");
        const std::string className = own != config.end() && own->is_string() ? own->get<std::string>() : "";
        entry = className.empty() && !m_entries.empty() ? &m_entries.front() : findByClassName(className);
        if (!entry)
            throw InvalidRequestError("scheduler", "the model's scheduler '" + className +
                                                       "' is not supported; choose one of: " + knownNames());
    } else {
        entry = findByName(requested);
        if (!entry)
            throw InvalidRequestError("scheduler", "unknown scheduler '" + requested + "' (known: " + knownNames() + ")");
    }
    nlohmann::json adapted = config;
    adapted["_class_name"] = entry->className;
    return entry->create(adapted, origin);
}

} // namespace framesmith
