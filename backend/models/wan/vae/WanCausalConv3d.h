#pragma once
// diffusers WanCausalConv3d as the shared causal conv: temporal padding 2·p_t entirely in front
// (zeros), replaced by the cached frames of the previous chunk when it has them; spatial padding
// symmetric zeros; "weight"/"bias" on the module itself (a subclass of nn.Conv3d). One encode or
// decode at a time.
#include "core/layers/CausalConv3d.h"
#include "models/wan/vae/WanCausalCache.h"

#include <array>
#include <memory>

namespace framesmith {

class WanCausalConv3d {
public:
    using Triple = std::array<std::int64_t, 3>;

    // WanCausalConv3d(in, out, kernel, stride, padding); the spatial stride is always 1 in the VAE.
    static std::shared_ptr<CausalConv3d> make(std::int64_t in, std::int64_t out, Triple kernel, Triple stride = {1, 1, 1},
                                              Triple padding = {0, 0, 0});
    // The pattern every cached convolution of the encoder/decoder follows: take the next slot, run
    // with its frames, leave this chunk's frames in it.
    static at::Tensor forwardCached(const CausalConv3d& conv, const at::Tensor& x, WanCausalCache& cache);
};

} // namespace framesmith
