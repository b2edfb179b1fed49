#pragma once
// diffusers CogVideoXUpsample3D (child "conv", a Conv2d 3x3 padding 1): nearest 2x in height
// and width, and in time when compressing time (the first frame is not repeated when the
// count is odd; a single frame stays single), then the conv on every frame; computed as four
// 2x2 convs on the source frames (one per output phase), which gives the same sums.
#include "core/Layers.h"
#include "core/layers/CausalConvCache.h"

namespace framesmith {

class CogVideoXVaeUpsample3D : public Module {
public:
    CogVideoXVaeUpsample3D(std::int64_t channels, bool compressTime);
    at::Tensor forward(at::Tensor x, const CausalConvCache& run) const; // window budget from run // [B, C, T, H, W] -> [B, C, T', 2H, 2W]
    static std::int64_t framesOut(std::int64_t frames, bool compressTime);

private:
    std::int64_t sourceFrame(std::int64_t outFrame, std::int64_t frames) const;
    at::Tensor phaseWeight() const;
    static void interleave(const at::Tensor& phases, at::Tensor outFrame);

    bool m_compressTime;
    std::shared_ptr<Conv2d> m_conv;
};

} // namespace framesmith
