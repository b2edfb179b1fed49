#include "models/opensora/STDiT3Rope.h"

#include <ATen/ATen.h>

#include <vector>

namespace framesmith {

STDiT3Rope::STDiT3Rope(std::int64_t frequencyCount)
{
    registerParameter("freqs", &freqs, {frequencyCount});
}

at::Tensor STDiT3Rope::rotate(const at::Tensor& x) const
{
    const std::int64_t frames = x.size(-2), rotated = 2 * freqs.size(0), dim = x.size(-1);
    // get_seq_pos in the input's dtype, then einsum with freqs in the frequencies' dtype.
    at::Tensor positions = at::arange(frames, x.options()).to(freqs.scalar_type());
    at::Tensor angles = at::outer(positions, freqs.to(x.device())).repeat_interleave(2, -1); // [T, rotated]
    at::Tensor cos = angles.cos(), sin = angles.sin();
    at::Tensor part = rotated == dim ? x : x.narrow(-1, 0, rotated);
    // rotate_half: pairs (x0, x1) -> (-x1, x0).
    std::vector<std::int64_t> pairShape = part.sizes().vec();
    pairShape.back() = rotated / 2;
    pairShape.push_back(2);
    at::Tensor pairs = part.reshape(pairShape);
    at::Tensor half = at::stack({pairs.select(-1, 1).neg(), pairs.select(-1, 0)}, -1).flatten(-2);
    at::Tensor out = part * cos + half * sin;
    if (rotated == dim)
        return out;
    return at::cat({out, x.narrow(-1, rotated, dim - rotated)}, -1);
}

} // namespace framesmith
