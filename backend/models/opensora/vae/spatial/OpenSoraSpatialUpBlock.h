#pragma once
// diffusers UpDecoderBlock2D: resnets (layers_per_block + 1), then (except the last block)
// upsamplers.0.conv after nearest x2 upsampling, which is written straight into the conv's windows.
#include "models/opensora/vae/spatial/OpenSoraSpatialResnetBlock.h"

namespace framesmith {

class OpenSoraSpatialUpBlock : public Module {
public:
    OpenSoraSpatialUpBlock(std::int64_t in, std::int64_t out, std::int64_t layers, std::int64_t groups,
                           bool hasUpsample, bool isRelu);
    at::Tensor forward(at::Tensor x, std::int64_t windowBytes) const; // [B, in, H, W] -> [B, out, H', W']

private:
    std::shared_ptr<ModuleList<OpenSoraSpatialResnetBlock>> m_resnets;
    std::shared_ptr<Conv2d> m_upsample;
};

} // namespace framesmith
