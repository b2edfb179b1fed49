#pragma once
// Open-Sora's CausalConv3d (vae_temporal.py) as the shared causal conv: a Conv3d (child "conv")
// whose input is padded in time with (k_t - 1) + (1 - stride) ZERO frames in front (no cache
// between chunks: each temporal chunk is encoded/decoded on its own) and with zeros k/2 in height
// and width. Any thread.
#include "core/layers/CausalConv3d.h"
#include "models/opensora/vae/OpenSoraGroupNormPlan.h"

#include <array>
#include <memory>

namespace framesmith {

class OpenSoraTemporalConv {
public:
    static CausalConvOptions options(std::array<std::int64_t, 3> kernel, std::int64_t timeStride, bool hasBias);
    static std::shared_ptr<CausalConv3d> make(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
                                              std::int64_t timeStride, bool hasBias);
    // conv(act(norm(src))): GroupNorm statistics over the whole input (every frame of the chunk),
    // written straight into the conv's frame windows.
    static at::Tensor normalized(const CausalConv3d& conv, const at::Tensor& src, const GroupNorm& norm,
                                 OpenSoraActivation activation, std::int64_t windowBytes);
};

} // namespace framesmith
