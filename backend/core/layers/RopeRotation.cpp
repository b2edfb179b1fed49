#include "core/layers/RopeRotation.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <vector>

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
    if (pairing == RopePairing::Interleaved) // cos[..., 0::2], sin[..., 1::2] as diffusers' processors read them
        return rotatePairs(x, cos.slice(-1, 0, d, 2), sin.slice(-1, 1, d, 2));
    if (pairing == RopePairing::Halves) {
        // x·cos + rotate_half(x)·sin with rotate_half(x) = [−x2 | x1]
        const at::Tensor x1 = x.narrow(-1, 0, d / 2), x2 = x.narrow(-1, d / 2, d - d / 2);
        return (x * cos + at::cat({x2.neg(), x1}, -1) * sin).to(x.scalar_type());
    }
    throw Error(ErrorCode::Internal, "rotary embedding: no pairing chosen");
}

at::Tensor RopeRotation::rotatePairs(const at::Tensor& x, const at::Tensor& cos, const at::Tensor& sin)
{
    const std::int64_t pairCount = cos.size(-1), d = x.size(-1);
    if (2 * pairCount > d)
        throw ShapeError("rotary embedding: " + std::to_string(pairCount) + " angles do not fit " + std::to_string(d)
                         + " features");
    // x1, x2 = x[..., 0::2], x[..., 1::2]; out[0::2] = x1·cos − x2·sin, out[1::2] = x2·cos + x1·sin,
    // each product and sum rounded in the promoted dtype and written pair by pair into a dense
    // output (no stacked copy; q and k leave ready for attention), cast to x's dtype once.
    std::vector<std::int64_t> pairShape = x.sizes().vec();
    pairShape.back() = pairCount;
    pairShape.push_back(2);
    const at::Tensor pairs = x.narrow(-1, 0, 2 * pairCount).reshape(pairShape); // a view wherever the strides allow
    const at::Tensor x1 = pairs.select(-1, 0), x2 = pairs.select(-1, 1);
    const at::ScalarType wide = at::promote_types(x.scalar_type(), at::promote_types(cos.scalar_type(), sin.scalar_type()));
    at::Tensor out = at::empty(x.sizes(), x.options().dtype(wide));
    at::Tensor outPairs = out.narrow(-1, 0, 2 * pairCount).view(pairShape);
    at::Tensor even = outPairs.select(-1, 0), odd = outPairs.select(-1, 1);
    at::mul_out(even, x1, cos);
    even.sub_(x2 * sin);
    at::mul_out(odd, x2, cos);
    odd.add_(x1 * sin);
    if (2 * pairCount < d) // features past the pairs pass unrotated
        out.narrow(-1, 2 * pairCount, d - 2 * pairCount).copy_(x.narrow(-1, 2 * pairCount, d - 2 * pairCount));
    return out.to(x.scalar_type());
}

} // namespace framesmith
