#pragma once
// Step caching for the denoise loop (issue 20): per CFG branch, the residual of the transformer's
// blocks after the first one (their output minus their input, every stream the blocks carry) is
// kept from the last step that ran them, and a step the policy marks as skippable runs only the
// first block and adds that residual (diffusers FirstBlockCache's semantics; the fixed-interval
// policy decides by step index instead). Each batch row of a forward is one branch with its own
// entry. The runner owns one per run and calls beginStep(); the family's transformer calls run().
// Thread: the worker thread that runs the denoiser.
#include "sampling/CacheableBlocks.h"
#include "sampling/StepCachePolicy.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

class StepCache {
public:
    struct Decision {
        int step = 0;
        int branch = 0;
        bool isComputed = true;
        double change = -1; // the first block's relative residual change; -1 when not measured
    };

    explicit StepCache(StepCachePolicy policy);

    const StepCachePolicy& policy() const { return m_policy; }
    // Before step `index` of `count`: the forwards until the next call belong to that step.
    void beginStep(int index, int count);
    // One forward's blocks: input [B, ...] whose row b is branch firstBranch + b -> the state after
    // the last block [B, ...], every row either computed or its first-block output plus the cache.
    at::Tensor run(const at::Tensor& input, int firstBranch, const CacheableBlocks& blocks);
    // The decision for `branch` at the current step from the first block's residual probe [1, ...];
    // measured changes and decisions are traced. Public for tests of the policy alone.
    bool decide(int branch, const at::Tensor& headProbe);
    // Stores what a computed row leaves for later steps: its probe and the rest's residual [1, ...].
    void store(int branch, const at::Tensor& headProbe, const at::Tensor& tailResidual);

    const std::vector<Decision>& trace() const { return m_trace; }
    // English: "the blocks after the first ran in C of N step forwards (per CFG branch)".
    std::string summary() const;
    int computedCount() const;
    int skippedCount() const { return static_cast<int>(m_trace.size()) - computedCount(); }
    // The change of the current probe against `previous` (mean |a - b| / mean |b|), in float32.
    static double relativeChange(const at::Tensor& current, const at::Tensor& previous);

private:
    struct Entry {
        at::Tensor headProbe;    // the first block's residual (probe part) of the last computed step
        at::Tensor tailResidual; // output of the last block minus input of the second, [1, ...]
    };
    bool isForced(const Entry* entry, const at::Tensor& headProbe) const;
    at::Tensor assemble(const at::Tensor& head, const at::Tensor& computed, const std::vector<std::int64_t>& rows,
                        int firstBranch) const;

    StepCachePolicy m_policy;
    std::map<int, Entry> m_entries;
    std::vector<Decision> m_trace;
    int m_step = 0;
    int m_stepCount = 0;
};

} // namespace framesmith
