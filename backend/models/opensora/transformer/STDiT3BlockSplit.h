#pragma once
// STDiT3's block stack split for step caching (CacheableBlocks): its first block is the first
// spatial + temporal pair (execution blocks 0 and 1), the rest are pairs 1..depth-1, on the
// token stream [B, T·S, hidden]. Rows of a subset get their own conditioning (STDiT3 binds it).
#include "sampling/CacheableBlocks.h"

#include <cstddef>
#include <functional>

namespace framesmith {

class STDiT3BlockSplit : public CacheableBlocks {
public:
    // Runs execution blocks [begin, end) on a copy of x's rows `rows` (nullptr: every row).
    using RunRange = std::function<at::Tensor(const at::Tensor& x, std::size_t begin, std::size_t end,
                                              const std::vector<std::int64_t>* rows)>;

    STDiT3BlockSplit(RunRange run, std::size_t blockCount);

    at::Tensor runFirst(const at::Tensor& state) const override;
    at::Tensor runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const override;

private:
    RunRange m_run;
    std::size_t m_blockCount; // execution blocks: 2 · depth
};

} // namespace framesmith
