#include "models/opensora/vae/temporal/OpenSoraTemporalResBlock.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraTemporalResBlock::OpenSoraTemporalResBlock(std::int64_t in, std::int64_t out, std::int64_t groups,
                                                   OpenSoraActivation activation)
    : m_in(in), m_out(out), m_activation(activation)
{
    // nn.GroupNorm(num_groups, channels): eps 1e-5 (torch's default).
    m_norm1 = registerModule("norm1", std::make_shared<GroupNorm>(groups, in, 1e-5));
    m_conv1 = registerModule("conv1", OpenSoraTemporalConv::make(in, out, std::array<std::int64_t, 3>{3, 3, 3}, 1, false));
    m_norm2 = registerModule("norm2", std::make_shared<GroupNorm>(groups, out, 1e-5));
    m_conv2 = registerModule("conv2", OpenSoraTemporalConv::make(out, out, std::array<std::int64_t, 3>{3, 3, 3}, 1, false));
    if (in != out) // use_conv_shortcut=False: a 1x1x1 conv
        m_conv3 = registerModule("conv3", OpenSoraTemporalConv::make(in, out, std::array<std::int64_t, 3>{1, 1, 1}, 1, false));
}

at::Tensor OpenSoraTemporalResBlock::forward(at::Tensor x, std::int64_t windowBytes) const
{
    const bool isResidualFirst = !m_conv3 || m_out <= m_in;
    at::Tensor residual;
    if (isResidualFirst)
        residual = m_conv3 ? m_conv3->forward(x, {}, windowBytes) : x;
    at::Tensor h = OpenSoraTemporalConv::normalized(*m_conv1, x, *m_norm1, m_activation, windowBytes);
    if (isResidualFirst)
        x.reset();
    h = OpenSoraTemporalConv::normalized(*m_conv2, h, *m_norm2, m_activation, windowBytes);
    if (!isResidualFirst) {
        residual = m_conv3->forward(x, {}, windowBytes);
        x.reset();
    }
    return h.add_(residual); // x + residual
}

} // namespace framesmith
