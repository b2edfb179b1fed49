#pragma once
// diffusers CogVideoXDownsample3D (child "conv", a Conv2d 3x3 stride 2): optional halving of
// time by averaging frame pairs (the first frame kept alone when the count is odd), then a
// zero pad of one row/column at the bottom/right and the strided conv on every frame.
#include "core/Layers.h"
#include "core/layers/CausalConvCache.h"

namespace framesmith {

class CogVideoXVaeDownsample3D : public Module {
public:
    CogVideoXVaeDownsample3D(std::int64_t channels, bool compressTime);
    at::Tensor forward(at::Tensor x, const CausalConvCache& run) const; // window budget from run // [B, C, T, H, W] -> [B, C, T', H/2, W/2]
    static std::int64_t framesOut(std::int64_t frames, bool compressTime);

private:
    std::int64_t sourceFrame(std::int64_t outFrame, std::int64_t frames) const;
    void fillFrame(at::Tensor dst, const at::Tensor& x, std::int64_t outFrame, std::int64_t frames) const;

    bool m_compressTime;
    std::shared_ptr<Conv2d> m_conv;
};

} // namespace framesmith
