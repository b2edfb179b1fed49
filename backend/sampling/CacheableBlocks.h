#pragma once
// The family seam of step caching: one transformer forward's block stack split after its first
// block (a block pair where a family's blocks come in pairs), with everything the blocks share
// (conditioning, positions, text) bound by the family. StepCache drives it; the output head runs
// after, as without a cache. Rows of the batch are CFG branches. The worker thread only.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace framesmith {

class CacheableBlocks {
public:
    virtual ~CacheableBlocks() = default;

    // state [B, ...] -> the state after the first block; `state` is left as it was.
    virtual at::Tensor runFirst(const at::Tensor& state) const = 0;
    // The rows `rows` (ascending batch indices) of the state after the first block -> the state
    // after the last block [rows, ...]; `state` is left as it was. All rows: exactly the uncached
    // run's operations, so a cache that never skips changes no bit.
    virtual at::Tensor runRest(const at::Tensor& state, const std::vector<std::int64_t>& rows) const = 0;
    // The part of a residual [B, ...] whose change decides (the video tokens where text tokens
    // share the stream); the whole residual by default.
    virtual at::Tensor probe(const at::Tensor& residual) const { return residual; }
};

} // namespace framesmith
