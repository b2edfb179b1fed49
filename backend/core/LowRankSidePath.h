#pragma once
// The unmerged ("side path") form of LoRA for one Linear: y += Σ s·scale·(x·Aᵀ)·Bᵀ (+ full deltas
// x·Dᵀ + d_b), next to a weight that stays as it is stored (streamed blocks, fp8/int8 codes), so
// strengths change between runs without rewriting a weight. Immutable once built; any thread may
// call addTo() (the worker's, in practice).
#include <ATen/core/Tensor.h>

#include <vector>

namespace framesmith {

class LowRankSidePath {
public:
    struct Term {
        at::Tensor down;      // A [rank, in], or undefined for a full delta
        at::Tensor up;        // B [out, rank]; the full delta D [out, in] when down is undefined; or undefined
        at::Tensor biasDelta; // [out] or undefined (added, then scaled by factor like the rest)
        double factor = 1;   // strength · alpha / rank (strength alone for full deltas)
    };

    explicit LowRankSidePath(std::vector<Term> terms) : m_terms(std::move(terms)) {}

    // y [..., out] from x [..., in]: the terms in the input's dtype, on its device (moved there on
    // first use when they were built elsewhere).
    at::Tensor addTo(const at::Tensor& x, at::Tensor y) const;
    const std::vector<Term>& terms() const { return m_terms; }
    std::int64_t bytes() const; // of every tensor the terms hold

private:
    std::vector<Term> m_terms;
};

} // namespace framesmith
