#pragma once
// vae_temporal.py ResBlock: norm1 -> act -> conv1 -> norm2 -> act -> conv2 (3x3x3 causal convs,
// no bias), plus the input, through conv3 (a 1x1x1 causal conv, no bias) when channels change.
// GroupNorm statistics cover the whole chunk. Children: norm1, conv1, norm2, conv2, conv3.
#include "models/opensora/vae/temporal/OpenSoraTemporalConv.h"

namespace framesmith {

class OpenSoraTemporalResBlock : public Module {
public:
    OpenSoraTemporalResBlock(std::int64_t in, std::int64_t out, std::int64_t groups, OpenSoraActivation activation);
    at::Tensor forward(at::Tensor x, std::int64_t windowBytes) const; // [B, in, T, H, W] -> [B, out, T, H, W]

private:
    std::int64_t m_in, m_out;
    OpenSoraActivation m_activation;
    std::shared_ptr<GroupNorm> m_norm1, m_norm2;
    std::shared_ptr<CausalConv3d> m_conv1, m_conv2, m_conv3;
};

} // namespace framesmith
