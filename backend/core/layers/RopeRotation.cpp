#include "core/layers/RopeRotation.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

std::pair<at::Tensor, at::Tensor> RopeRotation::table(std::int64_t dim, std::int64_t positionCount, double theta,
                                                         RopePairing pairing)
{
    if (dim <= 0 || dim % 2 != 0)
        throw ShapeError("rotary embedding: the dimension must be even and positive, got " + std::to_string(dim));
    const auto f64 = at::TensorOptions().dtype(at::kDouble);
    // 1 / theta^(arange(0, dim, 2) / dim), then outer(positions, freqs): [S, dim/2] float64
    const at::Tensor freqs = at::pow(theta, at::arange(0, dim, 2, f64).div(static_cast<double>(dim))).reciprocal();
    const at::Tensor angles = at::outer(at::arange(positionCount, f64), freqs);
    if (pairing == RopePairing::Interleaved)
        return {angles.cos().repeat_interleave(2, 1).to(at::kFloat), angles.sin().repeat_interleave(2, 1).to(at::kFloat)};
    if (pairing == RopePairing::Halves)
        return {at::cat({angles.cos(), angles.cos()}, -1).to(at::kFloat),
                at::cat({angles.sin(), angles.sin()}, -1).to(at::kFloat)};
    throw Error(ErrorCode::Internal, "rotary embedding: no pairing chosen");
}

at::Tensor RopeRotation::rotate(const at::Tensor& x, const at::Tensor& cos, const at::Tensor& sin,
                                   RopePairing pairing)
{
    const std::int64_t d = x.size(-1);
    if (pairing == RopePairing::Interleaved) {
        // pairs as diffusers' attention processors rotate them: x1, x2 = x[..., 0::2], x[..., 1::2];
        // cos[..., 0::2], sin[..., 1::2];
        // out[0::2] = x1·cos − x2·sin, out[1::2] = x1·sin + x2·cos
        const at::Tensor x1 = x.slice(-1, 0, d, 2), x2 = x.slice(-1, 1, d, 2);
        const at::Tensor c = cos.slice(-1, 0, d, 2), s = sin.slice(-1, 1, d, 2);
        const at::Tensor even = x1 * c - x2 * s, odd = x1 * s + x2 * c;
        return at::stack({even, odd}, -1).flatten(-2).to(x.scalar_type()); // [..., d/2, 2] -> [..., d]
    }
    if (pairing == RopePairing::Halves) {
        // x·cos + rotate_half(x)·sin with rotate_half(x) = [−x2 | x1]
        const at::Tensor x1 = x.narrow(-1, 0, d / 2), x2 = x.narrow(-1, d / 2, d - d / 2);
        return (x * cos + at::cat({x2.neg(), x1}, -1) * sin).to(x.scalar_type());
    }
    throw Error(ErrorCode::Internal, "rotary embedding: no pairing chosen");
}

} // namespace framesmith
