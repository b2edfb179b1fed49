#pragma once
// Where WanFamily::planning gets the memory planner's numbers for a Wan model: the family's shell
// and its planning are built apart, and meet only here.
#include "memory/planner/ModelPlanning.h"

#include <memory>
#include <string>

namespace framesmith {

// The planner's view of the Wan model in `folder`, from its configs alone (no weight is read):
// UMT5, the CLIP image encoder where there is one, one or two denoiser experts, the Wan 2.1 or 2.2
// VAE. Throws FileError naming a missing or unreadable config.
std::unique_ptr<ModelPlanning> createWanPlanning(const std::string& folder);

} // namespace framesmith
