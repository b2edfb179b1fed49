#include "models/opensora/transformer/STDiT3BlockSplit.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

STDiT3BlockSplit::STDiT3BlockSplit(RunRange run, std::size_t blockCount) : m_run(std::move(run)), m_blockCount(blockCount) {}

at::Tensor STDiT3BlockSplit::runFirst(const at::Tensor& state) const
{
    return m_run(state, 0, std::min<std::size_t>(2, m_blockCount), nullptr);
}

at::Tensor STDiT3BlockSplit::runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const
{
    const bool isEveryRow = static_cast<std::int64_t>(rows.size()) == state.size(0);
    return m_run(state, std::min<std::size_t>(2, m_blockCount), m_blockCount, isEveryRow ? nullptr : &rows);
}

} // namespace framesmith
