#pragma once
// diffusers WanCausalConv3d: a Conv3d whose temporal padding 2·p_t goes entirely in front (zeros),
// replaced by the cached frames of the previous chunk when it has them; spatial padding symmetric
// zeros. forward is const; one encode or decode at a time.
#include "core/Module.h"
#include "models/wan/vae/WanCausalCache.h"

#include <array>

namespace framesmith {

class WanCausalConv3d : public Module {
public:
    WanCausalConv3d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
                    std::array<std::int64_t, 3> stride = {1, 1, 1}, std::array<std::int64_t, 3> padding = {0, 0, 0});

    // x [B, C, T, H, W]; cached: frames to prepend (undefined: zeros) -> [B, out, T', H', W']
    at::Tensor forward(const at::Tensor& x, const at::Tensor& cached = {}) const;
    // The pattern every cached convolution of the encoder/decoder follows: take the next slot, run
    // with its frames, leave this chunk's frames in it.
    at::Tensor forwardCached(const at::Tensor& x, WanCausalCache& cache) const;

    at::Tensor weight; // [out, in, kt, kh, kw]
    at::Tensor bias;   // [out]

private:
    std::array<std::int64_t, 3> m_stride, m_padding;
};

} // namespace framesmith
