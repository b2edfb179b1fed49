#pragma once
// The model folder an eval case names in its metadata ("model_dir", "models_dir" or
// "scheduler_config", relative to the fixture tree), found in a folder above the case file; "" when
// it names none or none is found. `framesmith-cli eval` and the GPU runbook's parity program ask here.
#include <nlohmann/json.hpp>

#include <string>

namespace framesmith {

std::string evalCaseModelFolder(const nlohmann::json& caseMetadata, const std::string& casePath);

} // namespace framesmith
