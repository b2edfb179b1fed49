#include "models/wan/planning/WanPlanningFactory.h"

#include "models/wan/planning/WanPlanning.h"

namespace framesmith {

std::unique_ptr<ModelPlanning> createWanPlanning(const std::string& folder)
{
    return std::make_unique<WanPlanning>(WanPlanning::fromFolder(folder));
}

} // namespace framesmith
