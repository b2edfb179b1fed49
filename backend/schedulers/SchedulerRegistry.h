#pragma once
// The samplers one family offers (ModelFamily::schedulers): short name -> factory from the model's
// scheduler config (a parsed JSON object). Each sampler is one file plus one line in its family's
// list. A request's `scheduler` field is "" (the model's own: the config's "_class_name", else the
// family's first entry) or a short name; a sampler other than the model's own is built from the
// model's config with its own class's defaults for keys the config lacks, like diffusers'
// Scheduler.from_config(other.config). Any thread; entries are immutable.
#include "framesmith/ParameterSpec.h"
#include "schedulers/Scheduler.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

struct SchedulerEntry {
    std::string name;       // "ddim"
    std::string className;  // the config "_class_name" it answers to
    std::string label;      // "DDIM": a technical name, shown as is
    std::string summary;    // English, one line
    // config: the model's scheduler config with "_class_name" set to className; origin names its file.
    std::function<std::unique_ptr<Scheduler>(const nlohmann::json& config, const std::string& origin)> create;
};

class SchedulerRegistry {
public:
    explicit SchedulerRegistry(std::vector<SchedulerEntry> entries);

    const std::vector<SchedulerEntry>& entries() const { return m_entries; }
    const SchedulerEntry* findByName(const std::string& name) const; // short or class name
    const SchedulerEntry* findByClassName(const std::string& className) const;
    std::vector<SchedulerOption> options() const;                    // for the ParameterSpec

    // requested "" -> the config's own. Throws InvalidRequestError("scheduler") naming the known ones.
    std::unique_ptr<Scheduler> create(const std::string& requested, const nlohmann::json& config,
                                      const std::string& origin) const;

private:
    std::string knownNames() const;

    std::vector<SchedulerEntry> m_entries;
};

} // namespace framesmith
