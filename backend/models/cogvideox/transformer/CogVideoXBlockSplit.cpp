#include "models/cogvideox/transformer/CogVideoXBlockSplit.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXBlockSplit::CogVideoXBlockSplit(RunRange run, std::size_t blockCount, at::Tensor emb, std::int64_t textTokens)
    : m_run(std::move(run)), m_blockCount(blockCount), m_emb(std::move(emb)), m_textTokens(textTokens)
{
}

at::Tensor CogVideoXBlockSplit::runFirst(const at::Tensor& state) const
{
    return m_run(state.clone(), 0, 1, m_emb); // blocks update the stream in place
}

at::Tensor CogVideoXBlockSplit::runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const
{
    if (static_cast<std::int64_t>(rows.size()) == state.size(0))
        return m_run(state.clone(), 1, m_blockCount, m_emb);
    const at::Tensor index = at::tensor(rows, at::TensorOptions().dtype(at::kLong)).to(state.device());
    const at::Tensor emb = m_emb.size(0) == state.size(0) ? m_emb.index_select(0, index.to(m_emb.device())) : m_emb;
    return m_run(state.index_select(0, index), 1, m_blockCount, emb);
}

at::Tensor CogVideoXBlockSplit::probe(const at::Tensor& residual) const
{
    return residual.narrow(1, m_textTokens, residual.size(1) - m_textTokens); // [B, N, D] video tokens
}

} // namespace framesmith
