#pragma once
// The built-in memory presets as the backend defines them (resources/presets/*.json, embedded
// under :/presets) and the user's own (framesmith::PresetCatalog), for the planner's prediction on the GUI thread. Pure reads, GUI thread.
#include "framesmith/MemoryPreset.h"

#include <QString>

#include <optional>

namespace PresetLibrary {
// The preset for an id ("auto", "24gb", ..., a user preset's name) or a path to a preset .json; nullopt when unknown
// or unreadable (the planner then has nothing to say).
std::optional<framesmith::MemoryPreset> load(const QString& idOrPath);
} // namespace PresetLibrary
