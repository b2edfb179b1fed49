#include "models/opensora/planning/OpenSoraParameterCounts.h"

#include "models/opensora/vae/OpenSoraVae.h"
#include "text/T5Encoder.h"

namespace framesmith {

namespace {

std::int64_t elements(const ParameterSlot& slot)
{
    std::int64_t n = 1;
    for (auto d : slot.shape)
        n *= d;
    return n;
}

bool startsWith(const std::string& text, const std::string& prefix)
{
    return text.rfind(prefix, 0) == 0;
}

} // namespace

OpenSoraVaeParameterCounts OpenSoraParameterCounts::vae(const OpenSoraVaeConfig& config)
{
    OpenSoraVae skeleton(config);
    OpenSoraVaeParameterCounts counts;
    for (const auto& slot : skeleton.parameters()) {
        if (startsWith(slot.name, "spatial_vae."))
            counts.spatial += elements(slot);
        else if (startsWith(slot.name, "temporal_vae."))
            counts.temporal += elements(slot);
        else
            counts.buffers += elements(slot);
    }
    return counts;
}

OpenSoraT5ParameterCounts OpenSoraParameterCounts::t5(const T5Config& config)
{
    T5Encoder skeleton(config);
    OpenSoraT5ParameterCounts counts;
    counts.layers = config.numLayers;
    std::int64_t blocks = 0;
    for (const auto& slot : skeleton.parameters()) {
        if (slot.name == "shared.weight")
            counts.embedding += elements(slot);
        else if (startsWith(slot.name, "encoder.block.") && slot.name.find("relative_attention_bias") == std::string::npos)
            blocks += elements(slot);
        else
            counts.other += elements(slot);
    }
    counts.perLayer = config.numLayers > 0 ? blocks / config.numLayers : 0;
    return counts;
}

} // namespace framesmith
