#pragma once
// The built-in presets compiled into the library from resources/presets/*.json at configure time,
// so an installed CLI works even without the resources folder beside it.
#include <string>
#include <utility>
#include <vector>

namespace framesmith {

// (file name without .json, JSON text), sorted by name.
const std::vector<std::pair<std::string, std::string>>& compiledInPresets();

} // namespace framesmith
