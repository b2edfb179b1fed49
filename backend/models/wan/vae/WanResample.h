#pragma once
// diffusers WanResample (Wan 2.1 VAE): "upsample2d" (nearest ×2 + Conv2d 3×3 to dim/2),
// "upsample3d" (the same after a causal time conv that doubles the frames: skipped on the first
// chunk, whose slot becomes "Rep"; the second chunk pads it with a zero frame), "downsample2d"
// (ZeroPad2d right/bottom + Conv2d 3×3 stride 2), "downsample3d" (the same, then a time conv of
// stride 2 over the previous chunk's last frame and this chunk; skipped on the first chunk).
// Children "resample.1" and "time_conv" as in the checkpoint. forward is const.
#include "core/Layers.h"
#include "models/wan/vae/WanCausalConv3d.h"

#include <memory>

namespace framesmith {

class WanResample : public Module {
public:
    enum class Mode { Invalid, Upsample2d, Upsample3d, Downsample2d, Downsample3d };

    // upsampleOutDim: the upsample conv's width (Wan 2.1: dim / 2, the default; Wan 2.2's residual blocks: dim)
    WanResample(std::int64_t dim, Mode mode, std::int64_t upsampleOutDim = 0);
    at::Tensor forward(const at::Tensor& x, WanCausalCache& cache) const; // [B, C, T, H, W]

private:
    at::Tensor upsampleTime(const at::Tensor& x, WanCausalCache& cache) const;
    at::Tensor downsampleTime(const at::Tensor& x, WanCausalCache& cache) const;
    at::Tensor spatial(const at::Tensor& x) const; // per frame

    Mode m_mode;
    std::shared_ptr<Conv2d> m_conv;
    std::shared_ptr<CausalConv3d> m_timeConv; // 3d modes only
};

} // namespace framesmith
