#include "engine/PipelineResourcesFor.h"

namespace framesmith {

c10::ScalarType PipelineResourcesFor::dtypeOf(ComputeDtype dtype)
{
    switch (dtype) {
    case ComputeDtype::BFloat16: return c10::kBFloat16;
    case ComputeDtype::Float16: return c10::kHalf;
    default: return c10::kFloat;
    }
}

bool PipelineResourcesFor::mayUseGpu(bool hasCuda, const std::string& requestedDevice)
{
    return hasCuda && requestedDevice != "cpu";
}

PipelineResources PipelineResourcesFor::preset(const MemoryPreset& preset, bool hasCuda)
{
    PipelineResources r;
    if (hasCuda && preset.transformer != Placement::Cpu) {
        r.device = c10::Device(c10::kCUDA, 0);
        r.dtype = dtypeOf(preset.dtype);
        r.textEncoderDevice = preset.textEncoder == Placement::Cpu ? c10::Device(c10::kCPU) : r.device;
    }
    // bf16/fp16 matmuls on the CPU are slow or missing: the CPU always computes in float32.
    r.decode.slicing = preset.vaeSlicing;
    r.decode.tiling = preset.vaeTiling;
    r.decode.tileHeight = preset.vaeTileHeight;
    r.decode.tileWidth = preset.vaeTileWidth;
    r.decode.tileOverlapHeight = preset.vaeTileOverlapHeight;
    r.decode.tileOverlapWidth = preset.vaeTileOverlapWidth;
    return r;
}

} // namespace framesmith
