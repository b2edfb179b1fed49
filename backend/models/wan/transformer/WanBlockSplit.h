#pragma once
// Wan's block stack split for step caching (CacheableBlocks): block 0, then blocks 1..L-1, on the
// video tokens [B, seq, D] (the text context is an input of every block, not a stream, so the
// cached residual is the hidden states' alone, as diffusers FirstBlockCache caches them). The
// per-sample inputs (context, modulation) follow the rows a partial run asks for.
#include "sampling/CacheableBlocks.h"

#include <cstddef>
#include <functional>

namespace framesmith {

class WanBlockSplit : public CacheableBlocks {
public:
    // Runs blocks [begin, end) on state with the context and modulation rows matching state's.
    using RunRange = std::function<at::Tensor(const at::Tensor& state, std::size_t begin, std::size_t end,
                                              const at::Tensor& context, const at::Tensor& timestepProj)>;

    WanBlockSplit(RunRange run, std::size_t blockCount, at::Tensor context, at::Tensor timestepProj);

    at::Tensor runFirst(const at::Tensor& state) const override;
    at::Tensor runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const override;

private:
    RunRange m_run;
    std::size_t m_blockCount;
    at::Tensor m_context;      // [B, L, D]
    at::Tensor m_timestepProj; // [B, 6, D] or [B, seq, 6, D]
};

} // namespace framesmith
