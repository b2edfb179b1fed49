#include "models/wan/vae/WanResidualDownBlock.h"

#include "models/wan/vae/WanShortcuts.h"

namespace framesmith {

WanResidualDownBlock::WanResidualDownBlock(std::int64_t in, std::int64_t out, std::int64_t numResBlocks,
                                           bool isTemporal, bool isDown)
    : m_out(out), m_factorT(isTemporal ? 2 : 1), m_factorS(isDown ? 2 : 1)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<WanResidualBlock>>());
    for (std::int64_t i = 0; i < numResBlocks; ++i)
        m_resnets->append(std::make_shared<WanResidualBlock>(i == 0 ? in : out, out));
    if (isDown)
        m_downsampler = registerModule("downsampler", std::make_shared<WanResample>(
                                                          out, isTemporal ? WanResample::Mode::Downsample3d
                                                                          : WanResample::Mode::Downsample2d));
}

at::Tensor WanResidualDownBlock::forward(const at::Tensor& xIn, WanCausalCache& cache) const
{
    at::Tensor x = xIn;
    for (std::size_t i = 0; i < m_resnets->size(); ++i)
        x = (*m_resnets)[i].forward(x, cache);
    if (m_downsampler)
        x = m_downsampler->forward(x, cache);
    return x + WanShortcuts::avgDown(xIn, m_out, m_factorT, m_factorS);
}

} // namespace framesmith
