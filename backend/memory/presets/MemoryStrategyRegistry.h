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

} // namespace framesmith
