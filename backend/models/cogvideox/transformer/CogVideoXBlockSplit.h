#pragma once
// CogVideoX's block stack split for step caching (CacheableBlocks): block 0, then blocks 1..L-1,
// on the joint stream [B, T + N, D] that carries the text and video tokens together, so a cached
// residual covers both streams (diffusers FirstBlockCache caches hidden and encoder hidden states).
// The change is measured on the video tokens, as diffusers measures hidden_states.
#include "sampling/CacheableBlocks.h"

#include <cstddef>
#include <functional>

namespace framesmith {

class CogVideoXBlockSplit : public CacheableBlocks {
public:
    // Runs blocks [begin, end) on joint with the time embedding emb ([B, E] rows matching joint's).
    using RunRange = std::function<at::Tensor(const at::Tensor& joint, std::size_t begin, std::size_t end,
                                              const at::Tensor& emb)>;

    CogVideoXBlockSplit(RunRange run, std::size_t blockCount, at::Tensor emb, std::int64_t textTokens);

    at::Tensor runFirst(const at::Tensor& state) const override;
    at::Tensor runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const override;
    at::Tensor probe(const at::Tensor& residual) const override;

private:
    RunRange m_run;
    std::size_t m_blockCount;
    at::Tensor m_emb; // [B, E] or [1, E]
    std::int64_t m_textTokens;
};

} // namespace framesmith
