#include "core/LowRankSidePath.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

at::Tensor like(const at::Tensor& t, const at::Tensor& x)
{
    return t.device() == x.device() && t.scalar_type() == x.scalar_type() ? t : t.to(x.device(), x.scalar_type());
}

} // namespace

at::Tensor LowRankSidePath::addTo(const at::Tensor& x, at::Tensor y) const
{
    for (const Term& term : m_terms) {
        // (x·Aᵀ)·Bᵀ: the rank-r product first, never the [out, in] matrix.
        at::Tensor delta;
        if (term.down.defined())
            delta = at::linear(at::linear(x, like(term.down, x)), like(term.up, x));
        else if (term.up.defined())
            delta = at::linear(x, like(term.up, x));
        if (term.biasDelta.defined())
            delta = delta.defined() ? delta + like(term.biasDelta, x) : like(term.biasDelta, x);
        y = y + delta * term.factor;
    }
    return y;
}

std::int64_t LowRankSidePath::bytes() const
{
    std::int64_t total = 0;
    for (const Term& term : m_terms)
        for (const at::Tensor* t : {&term.down, &term.up, &term.biasDelta})
            if (t->defined())
                total += t->numel() * static_cast<std::int64_t>(t->element_size());
    return total;
}

} // namespace framesmith
