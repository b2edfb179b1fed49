#include "models/wan/transformer/WanBlockSplit.h"

#include <ATen/ATen.h>

namespace framesmith {

WanBlockSplit::WanBlockSplit(RunRange run, std::size_t blockCount, at::Tensor context, at::Tensor timestepProj)
    : m_run(std::move(run)), m_blockCount(blockCount), m_context(std::move(context)), m_timestepProj(std::move(timestepProj))
{
}

at::Tensor WanBlockSplit::runFirst(const at::Tensor& state) const
{
    return m_run(state, 0, 1, m_context, m_timestepProj);
}

at::Tensor WanBlockSplit::runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const
{
    if (static_cast<std::int64_t>(rows.size()) == state.size(0))
        return m_run(state, 1, m_blockCount, m_context, m_timestepProj); // all rows: the uncached operations
    const at::Tensor index = at::tensor(rows, at::kLong).to(state.device());
    return m_run(state.index_select(0, index), 1, m_blockCount, m_context.index_select(0, index.to(m_context.device())),
                 m_timestepProj.index_select(0, index.to(m_timestepProj.device())));
}

} // namespace framesmith
