#pragma once
// Fills a Module's parameters from a WeightSource, checking every name and shape first.
#include "core/Module.h"
#include "io/WeightSource.h"

#include <string>
#include <vector>

namespace framesmith {

struct WeightCheck {
    std::vector<std::string> missing;     // expected by the module, absent from the files
    std::vector<std::string> mismatched;  // "name: expected [..], got [..] in file"
    std::vector<std::string> unexpected;  // in the files, unknown to the module
    bool isLoadable() const { return missing.empty() && mismatched.empty(); }
    std::string describe() const;
};

WeightCheck checkWeights(Module& module, const WeightSource& source, const std::string& prefix = "");

// Throws ShapeError (with checkWeights' description) when anything is missing or mismatched;
// extra tensors are returned, not fatal (checkpoints carry buffers the port computes itself).
WeightCheck loadWeights(Module& module, const WeightSource& source, c10::ScalarType dtype,
                        c10::Device device, const std::string& prefix = "");

} // namespace framesmith
