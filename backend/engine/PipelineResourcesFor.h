#pragma once
// Chooses where a preset runs: the first CUDA device in its dtype when there is one (bfloat16 is
// the dtype the checkpoints are published in), otherwise the CPU in float32; the VAE decode
// settings follow the preset. EngineSetup calls it; the placement then places each component.
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "models/VideoPipeline.h"

#include <string>

namespace framesmith {

class PipelineResourcesFor {
public:
    static PipelineResources preset(const MemoryPreset& preset, bool hasCuda);
    // Whether a run asked for on `requestedDevice` ("auto", "cuda", "cuda:N" or "cpu") may use the
    // GPU: "cpu" keeps it on the CPU in float32 on a machine with a GPU too.
    static bool mayUseGpu(bool hasCuda, const std::string& requestedDevice);
    static c10::ScalarType dtypeOf(ComputeDtype dtype);
};

} // namespace framesmith
