#pragma once
// Every registered MemoryStrategy. Read-only after static initialisation; any thread.
#include "memory/presets/MemoryStrategy.h"

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

const std::vector<std::unique_ptr<MemoryStrategy>>& memoryStrategies();
const MemoryStrategy* findMemoryStrategy(const std::string& name); // nullptr when unknown
std::string memoryStrategyNames();                                  // "a, b, c" for error messages
// Whether two registered strategies exclude each other (either one naming the other).
bool strategiesConflict(const std::string& first, const std::string& second);

} // namespace framesmith
