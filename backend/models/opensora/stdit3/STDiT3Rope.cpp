#include "models/opensora/stdit3/STDiT3Rope.h"

#include <ATen/ATen.h>

#include <vector>

namespace framesmith {

STDiT3Rope::STDiT3Rope(std::int64_t frequencyCount)
{
    registerParameter("freqs", &freqs, {frequencyCount});
}

at::Tensor STDiT3Rope::rotate(const at::Tensor& x) const
{
    const std::int64_t frames = x.size(-2), pairCount = freqs.size(0), dim = x.size(-1);
    // get_seq_pos in the input's dtype, then einsum with freqs in the frequencies' dtype; one angle
    // per pair (the reference repeats it for both features of the pair).
    const at::Tensor positions = at::arange(frames, x.options()).to(freqs.scalar_type());
    const at::Tensor angles = at::outer(positions, freqs.to(x.device()));
    const at::Tensor cos = angles.cos().to(x.scalar_type()), sin = angles.sin().to(x.scalar_type());
    // x·cos + rotate_half(x)·sin with rotate_half (x0, x1) -> (−x1, x0), written pair by pair into
    // a dense output: (x0·cos − x1·sin, x1·cos + x0·sin). Features past the pairs pass unrotated.
    std::vector<std::int64_t> pairShape = x.sizes().vec();
    pairShape.back() = pairCount;
    pairShape.push_back(2);
    const at::Tensor pairs = x.narrow(-1, 0, 2 * pairCount).view(pairShape);
    const at::Tensor x0 = pairs.select(-1, 0), x1 = pairs.select(-1, 1);
    at::Tensor out = at::empty(x.sizes(), x.options());
    at::Tensor outPairs = out.narrow(-1, 0, 2 * pairCount).view(pairShape);
    at::Tensor out0 = outPairs.select(-1, 0), out1 = outPairs.select(-1, 1);
    at::mul_out(out0, x0, cos);
    out0.sub_(x1 * sin);
    at::mul_out(out1, x1, cos);
    out1.add_(x0 * sin);
    if (2 * pairCount < dim)
        out.narrow(-1, 2 * pairCount, dim - 2 * pairCount).copy_(x.narrow(-1, 2 * pairCount, dim - 2 * pairCount));
    return out;
}

} // namespace framesmith
