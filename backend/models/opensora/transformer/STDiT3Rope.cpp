#include "models/opensora/transformer/STDiT3Rope.h"

#include "core/layers/RopeRotation.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3Rope::STDiT3Rope(std::int64_t frequencyCount)
{
    registerParameter("freqs", &freqs, {frequencyCount});
}

at::Tensor STDiT3Rope::rotate(const at::Tensor& x) const
{
    const std::int64_t frames = x.size(-2);
    // get_seq_pos in the input's dtype, then einsum with freqs in the frequencies' dtype; one angle
    // per pair (the reference repeats it for both features of the pair).
    const at::Tensor positions = at::arange(frames, x.options()).to(freqs.scalar_type());
    const at::Tensor angles = at::outer(positions, freqs.to(x.device()));
    const at::Tensor cos = angles.cos().to(x.scalar_type()), sin = angles.sin().to(x.scalar_type());
    // (x0, x1) -> (x0·cos − x1·sin, x1·cos + x0·sin) in x's dtype; features past the pairs pass unrotated.
    return RopeRotation::rotatePairs(x, cos, sin);
}

} // namespace framesmith
