#pragma once
// Scheduler name -> factory from a parsed scheduler_config.json. Each scheduler is one file plus one
// line in SchedulerRegistry.cpp. A request's `scheduler` field is "" (the model's own, by the config's
// _class_name) or a registered short name ("ddim", "dpm"); other schedulers are built from the
// model's config with their own class's defaults for keys the config lacks, like diffusers'
// Scheduler.from_config(other.config).
#include "schedulers/Scheduler.h"
#include "schedulers/SchedulerConfig.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

struct SchedulerEntry {
    std::string name;       // "ddim"
    std::string className;  // "CogVideoXDDIMScheduler" (the diffusers _class_name)
    std::string summary;
    std::function<std::unique_ptr<Scheduler>(const SchedulerConfig&)> create;
};

class SchedulerRegistry {
public:
    static const std::vector<SchedulerEntry>& entries();
    static const SchedulerEntry* findByName(const std::string& name);          // short or class name
    static const SchedulerEntry* findByClassName(const std::string& className);

    // requested "" -> config.className. Throws InvalidRequestError("scheduler") naming the known ones.
    static std::unique_ptr<Scheduler> create(const std::string& requested, const SchedulerConfig& config);
    static std::unique_ptr<Scheduler> createForModel(const std::string& modelDir, const std::string& requested);
};

} // namespace framesmith
