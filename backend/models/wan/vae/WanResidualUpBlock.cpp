#include "models/wan/vae/WanResidualUpBlock.h"

#include "models/wan/vae/WanShortcuts.h"

namespace framesmith {

WanResidualUpBlock::WanResidualUpBlock(std::int64_t in, std::int64_t out, std::int64_t numResBlocks, bool isTemporal,
                                       bool isUp)
    : m_out(out), m_factorT(isTemporal ? 2 : 1)
{
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<WanResidualBlock>>());
    for (std::int64_t i = 0; i <= numResBlocks; ++i)
        m_resnets->append(std::make_shared<WanResidualBlock>(i == 0 ? in : out, out));
    if (isUp)
        m_upsampler = registerModule("upsampler", std::make_shared<WanResample>(
                                                      out, isTemporal ? WanResample::Mode::Upsample3d
                                                                      : WanResample::Mode::Upsample2d, out));
}

at::Tensor WanResidualUpBlock::forward(const at::Tensor& xIn, WanCausalCache& cache, bool isFirstChunk) const
{
    at::Tensor x = xIn;
    for (std::size_t i = 0; i < m_resnets->size(); ++i)
        x = (*m_resnets)[i].forward(x, cache);
    if (!m_upsampler)
        return x; // avg_shortcut is None without up_flag
    x = m_upsampler->forward(x, cache);
    return x + WanShortcuts::dupUp(xIn, m_out, m_factorT, 2, isFirstChunk);
}

} // namespace framesmith
