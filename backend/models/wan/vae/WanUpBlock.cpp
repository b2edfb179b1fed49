#include "models/wan/vae/WanUpBlock.h"

namespace framesmith {

WanUpBlock::WanUpBlock(std::int64_t in, std::int64_t out, std::int64_t numResBlocks, WanResample::Mode mode)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<WanResidualBlock>>());
    for (std::int64_t i = 0; i <= numResBlocks; ++i)
        m_resnets->append(std::make_shared<WanResidualBlock>(i == 0 ? in : out, out));
    if (mode != WanResample::Mode::Invalid) {
        auto upsamplers = registerModule("upsamplers", std::make_shared<ModuleList<WanResample>>());
        m_upsampler = upsamplers->append(std::make_shared<WanResample>(out, mode));
    }
}

at::Tensor WanUpBlock::forward(const at::Tensor& xIn, WanCausalCache& cache) const
{
    at::Tensor x = xIn;
    for (std::size_t i = 0; i < m_resnets->size(); ++i)
        x = (*m_resnets)[i].forward(x, cache);
    return m_upsampler ? m_upsampler->forward(x, cache) : x;
}

} // namespace framesmith
