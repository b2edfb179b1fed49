#include "sampling/StepCache.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdio>

namespace framesmith {

StepCache::StepCache(StepCachePolicy policy) : m_policy(policy) {}

std::string StepCache::summary() const
{
    std::string text = "the blocks after the first ran in " + std::to_string(computedCount()) + " of " +
                       std::to_string(m_trace.size()) + " step forwards (counted per CFG branch); the others reused "
                       "the previous residual";
    std::vector<double> changes;
    for (const Decision& d : m_trace)
        if (d.change >= 0)
            changes.push_back(d.change);
    if (changes.empty())
        return text;
    // What the threshold was compared with: the figure to look at when choosing one.
    std::sort(changes.begin(), changes.end());
    char line[160];
    std::snprintf(line, sizeof line, "; first-block change %.3f median (%.3f to %.3f)", changes[changes.size() / 2],
                  changes.front(), changes.back());
    return text + line;
}

void StepCache::beginStep(int index, int count)
{
    m_step = index;
    m_stepCount = count;
}

int StepCache::computedCount() const
{
    return static_cast<int>(std::count_if(m_trace.begin(), m_trace.end(), [](const Decision& d) { return d.isComputed; }));
}

double StepCache::relativeChange(const at::Tensor& current, const at::Tensor& previous)
{
    const at::Tensor a = current.to(at::kFloat);
    const at::Tensor b = previous.to(a.device(), at::kFloat);
    const double scale = b.abs().mean().item<double>();
    if (!(scale > 0))
        return 1e30; // nothing to compare against: never "unchanged"
    return (a - b).abs().mean().item<double>() / scale;
}

// Whatever the policy says, a branch computes when it has nothing to reuse (first step, a new
// shape) and in the steps the policy always computes.
bool StepCache::isForced(const Entry* entry, const at::Tensor& headProbe) const
{
    if (!entry || !entry->tailResidual.defined() || entry->headProbe.sizes() != headProbe.sizes())
        return true;
    if (m_step < m_policy.warmupSteps)
        return true;
    return m_policy.isLastStepComputed && m_step == m_stepCount - 1;
}

bool StepCache::decide(int branch, const at::Tensor& headProbe)
{
    const auto found = m_entries.find(branch);
    const Entry* entry = found == m_entries.end() ? nullptr : &found->second;
    Decision d{m_step, branch, true, -1};
    if (!isForced(entry, headProbe)) {
        if (m_policy.kind == StepCachePolicy::Kind::FixedInterval) {
            d.isComputed = m_step % std::max(1, m_policy.interval) == 0;
        } else {
            // diffusers FBCHeadBlockHook: compute when the change exceeds the threshold.
            d.change = relativeChange(headProbe, entry->headProbe);
            d.isComputed = d.change > m_policy.threshold;
        }
    }
    m_trace.push_back(d);
    return d.isComputed;
}

void StepCache::store(int branch, const at::Tensor& headProbe, const at::Tensor& tailResidual)
{
    Entry& entry = m_entries[branch];
    entry.headProbe = headProbe.contiguous();
    entry.tailResidual = tailResidual.contiguous();
}

at::Tensor StepCache::assemble(const at::Tensor& head, const at::Tensor& computed,
                               const std::vector<std::int64_t>& rows, int firstBranch) const
{
    std::vector<at::Tensor> parts;
    std::size_t next = 0;
    for (std::int64_t b = 0; b < head.size(0); ++b) {
        if (next < rows.size() && rows[next] == b) {
            parts.push_back(computed.narrow(0, static_cast<std::int64_t>(next), 1));
            ++next;
            continue;
        }
        const at::Tensor& tail = m_entries.at(firstBranch + static_cast<int>(b)).tailResidual;
        parts.push_back(head.narrow(0, b, 1).to(tail.device()) + tail);
    }
    return parts.size() == 1 ? parts.front() : at::cat(parts, 0);
}

at::Tensor StepCache::run(const at::Tensor& input, int firstBranch, const CacheableBlocks& blocks)
{
    const at::Tensor head = blocks.runFirst(input);
    at::Tensor probe = blocks.probe(head - input.to(head.device())); // [B, ...] the first block's residual
    std::vector<std::int64_t> rows;
    for (std::int64_t b = 0; b < head.size(0); ++b)
        if (decide(firstBranch + static_cast<int>(b), probe.narrow(0, b, 1)))
            rows.push_back(b);
    if (rows.empty())
        return assemble(head, at::Tensor(), rows, firstBranch);
    const at::Tensor computed = blocks.runRest(head, rows);
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const std::int64_t b = rows[k];
        const at::Tensor out = computed.narrow(0, static_cast<std::int64_t>(k), 1);
        store(firstBranch + static_cast<int>(b), probe.narrow(0, b, 1).clone(),
              out - head.narrow(0, b, 1).to(out.device()));
    }
    if (static_cast<std::int64_t>(rows.size()) == head.size(0))
        return computed; // every row ran: the uncached forward's tensor, untouched
    return assemble(head, computed, rows, firstBranch);
}

} // namespace framesmith
