#pragma once
// Chooses where a request runs: the first CUDA device in bfloat16 when there is one (the dtype the
// video-model checkpoints are published in), otherwise the CPU in float32; the VAE decode settings
// follow the preset. The seam where the memory presets and OOM ladder plug in.
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "models/VideoPipeline.h"

namespace framesmith {

class PipelineResourcesFor {
public:
    static PipelineResources request(const GenerationRequest& request);
    static PipelineResources preset(const MemoryPreset& preset, bool hasCuda);
    static c10::ScalarType dtypeOf(ComputeDtype dtype);
};

} // namespace framesmith
