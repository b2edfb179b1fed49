#pragma once
// diffusers DownEncoderBlock2D: resnets, then (except the last block) downsamplers.0.conv, a 3x3
// stride-2 conv after zero padding one row/column at the bottom/right (downsample_padding 0).
#include "models/opensora/vae/spatial/OpenSoraSpatialResnetBlock.h"

namespace framesmith {

class OpenSoraSpatialDownBlock : public Module {
public:
    OpenSoraSpatialDownBlock(std::int64_t in, std::int64_t out, std::int64_t layers, std::int64_t groups,
                             bool hasDownsample, bool isRelu);
    at::Tensor forward(at::Tensor x, std::int64_t windowBytes) const; // [B, in, H, W] -> [B, out, H', W']

private:
    std::shared_ptr<ModuleList<OpenSoraSpatialResnetBlock>> m_resnets;
    std::shared_ptr<Conv2d> m_downsample;
};

} // namespace framesmith
