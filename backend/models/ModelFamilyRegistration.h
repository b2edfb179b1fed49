#pragma once
// Adds a family after the registry's own, for the rest of the process: a test builds a scratch
// family from a registered family's parts and runs it through inspect, plan, placement and a
// generation (tests/backend/models/tst_ScratchFamily). A shipped family is one line in
// ModelRegistry.cpp instead. Call before any other thread asks the registry.
#include "models/ModelFamily.h"

#include <memory>

namespace framesmith {

void registerModelFamily(std::unique_ptr<ModelFamily> family);

} // namespace framesmith
