#include "models/wan/vae/WanMidBlock.h"

namespace framesmith {

WanMidBlock::WanMidBlock(std::int64_t dim)
{
    m_attentions = registerModule("attentions", std::make_shared<ModuleList<WanVaeAttentionBlock>>());
    m_resnets = registerModule("resnets", std::make_shared<ModuleList<WanResidualBlock>>());
    m_resnets->append(std::make_shared<WanResidualBlock>(dim, dim));
    m_attentions->append(std::make_shared<WanVaeAttentionBlock>(dim));
    m_resnets->append(std::make_shared<WanResidualBlock>(dim, dim));
}

at::Tensor WanMidBlock::forward(const at::Tensor& x, WanCausalCache& cache) const
{
    const at::Tensor y = (*m_attentions)[0].forward((*m_resnets)[0].forward(x, cache));
    return (*m_resnets)[1].forward(y, cache);
}

} // namespace framesmith
