#include "models/opensora/OpenSoraLoraKeyMapping.h"

#include "models/opensora/OpenSoraModelLayout.h"

namespace framesmith {

std::string OpenSoraLoraKeyMapping::targetWeights(const std::string& modelDir) const
{
    return OpenSoraModelLayout::locate(modelDir).transformer;
}

std::string OpenSoraLoraKeyMapping::exampleModules() const
{
    return "spatial_blocks.0.attn.qkv, temporal_blocks.0.mlp.fc1";
}

} // namespace framesmith
