#pragma once
// Chooses where a preset runs: the first CUDA device in its dtype when there is one (bfloat16 is
// the dtype the checkpoints are published in), otherwise the CPU in float32; the VAE decode
// settings follow the preset. EngineSetup calls it; the placement then places each component.
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "models/VideoPipeline.h"

namespace framesmith {

class PipelineResourcesFor {
public:
    static PipelineResources preset(const MemoryPreset& preset, bool hasCuda);
    static c10::ScalarType dtypeOf(ComputeDtype dtype);
};

} // namespace framesmith
