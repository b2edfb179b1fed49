#include "memory/planner/ActivationEstimator.h"

#include <algorithm>

namespace framesmith {

std::int64_t ActivationEstimator::attentionWorkspace(std::int64_t batch, std::int64_t heads, std::int64_t sequence,
                                                     std::int64_t headDim, AttentionPath attention,
                                                     std::int64_t elementBytes)
{
    if (attention == AttentionPath::Fused) // flash / memory-efficient: no score matrix, fp32 log-sum-exp
        return batch * heads * sequence * 4;
    // core/ChunkedAttention: one flat score buffer of as many whole heads (or query rows) as fit the
    // budget, reused by every chunk, plus the chunk's output when rows are chunked.
    const std::int64_t budgetElements = std::max<std::int64_t>(1, kScoreBudgetBytes / elementBytes);
    const std::int64_t rows = std::clamp<std::int64_t>(budgetElements / sequence, 1, sequence);
    const std::int64_t group = std::clamp<std::int64_t>(budgetElements / (rows * sequence), 1, batch * heads);
    const std::int64_t chunkOutput = rows == sequence ? 0 : group * rows * headDim;
    return (group * rows * sequence + chunkOutput) * elementBytes;
}

} // namespace framesmith
