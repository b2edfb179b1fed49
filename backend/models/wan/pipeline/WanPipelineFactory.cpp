#include "models/wan/pipeline/WanPipelineFactory.h"

#include "models/wan/pipeline/WanPipeline.h"

namespace framesmith {

std::unique_ptr<VideoPipeline> createWanPipeline(const std::string& folder, const PipelineResources& resources)
{
    return std::make_unique<WanPipeline>(folder, resources);
}

} // namespace framesmith
