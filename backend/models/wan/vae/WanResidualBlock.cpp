#include "models/wan/vae/WanResidualBlock.h"

#include <ATen/ATen.h>

namespace framesmith {

WanResidualBlock::WanResidualBlock(std::int64_t in, std::int64_t out)
{
    const std::array<std::int64_t, 3> k3{3, 3, 3}, one{1, 1, 1};
    m_norm1 = registerModule("norm1", std::make_shared<WanRmsNorm>(in, false));
    m_conv1 = registerModule("conv1", WanCausalConv3d::make(in, out, k3, one, one));
    m_norm2 = registerModule("norm2", std::make_shared<WanRmsNorm>(out, false));
    m_conv2 = registerModule("conv2", WanCausalConv3d::make(out, out, k3, one, one));
    if (in != out)
        m_shortcut = registerModule("conv_shortcut", WanCausalConv3d::make(in, out, one));
}

at::Tensor WanResidualBlock::forward(const at::Tensor& x, WanCausalCache& cache) const
{
    const at::Tensor h = m_shortcut ? m_shortcut->forward(x) : x;
    at::Tensor y = WanCausalConv3d::forwardCached(*m_conv1, at::silu(m_norm1->forward(x)), cache);
    y = WanCausalConv3d::forwardCached(*m_conv2, at::silu(m_norm2->forward(y)), cache);
    return y + h;
}

} // namespace framesmith
