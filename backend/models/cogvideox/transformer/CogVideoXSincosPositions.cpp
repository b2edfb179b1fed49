#include "models/cogvideox/transformer/CogVideoXSincosPositions.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor CogVideoXSincosPositions::oneAxis(std::int64_t dim, const at::Tensor& pos)
{
    if (dim % 2 != 0)
        throw ShapeError("sincos position table: axis dim " + std::to_string(dim) + " is odd");
    auto f64 = at::TensorOptions().dtype(at::kDouble);
    // diffusers: omega = arange(dim/2, float64) / (dim/2); omega = 1 / 10000**omega
    at::Tensor omega = at::arange(dim / 2, f64).div_(static_cast<double>(dim) / 2.0);
    omega = at::pow(at::scalar_tensor(10000.0, f64), omega).reciprocal_();
    // torch.outer(float32 positions, float64 omega) promotes to float64 before sin/cos.
    at::Tensor out = at::outer(pos.reshape({-1}).to(at::kDouble), omega); // [M, dim/2]
    return at::cat({at::sin(out), at::cos(out)}, 1);                       // [M, dim]
}

at::Tensor CogVideoXSincosPositions::videoTable(std::int64_t dim, std::int64_t gridWidth, std::int64_t gridHeight,
                                                std::int64_t frames, double spatialScale, double temporalScale)
{
    if (dim % 4 != 0)
        throw ShapeError("sincos position table: hidden size " + std::to_string(dim) + " is not divisible by 4");
    const std::int64_t spatialDim = 3 * dim / 4;
    const std::int64_t temporalDim = dim / 4;
    auto f32 = at::TensorOptions().dtype(at::kFloat);
    // Positions are float32 arange / scale, as the reference computes them.
    at::Tensor xs = at::arange(gridWidth, f32).div_(spatialScale);
    at::Tensor ys = at::arange(gridHeight, f32).div_(spatialScale);
    at::Tensor x = xs.view({1, gridWidth}).expand({gridHeight, gridWidth});  // [H, W], x fastest
    at::Tensor y = ys.view({gridHeight, 1}).expand({gridHeight, gridWidth});
    // get_2d_sincos_pos_embed_from_grid: the first half encodes grid[0] (x), the second grid[1] (y).
    at::Tensor spatial = at::cat({oneAxis(spatialDim / 2, x), oneAxis(spatialDim / 2, y)}, 1); // [H*W, 3D/4]
    at::Tensor ts = at::arange(frames, f32).div_(temporalScale);
    at::Tensor temporal = oneAxis(temporalDim, ts);                                            // [T, D/4]
    const std::int64_t tokens = gridWidth * gridHeight;
    return at::cat({temporal.unsqueeze(1).expand({frames, tokens, temporalDim}),
                    spatial.unsqueeze(0).expand({frames, tokens, spatialDim})},
                   2); // [T, H*W, D]
}

at::Tensor CogVideoXSincosPositions::jointTable(std::int64_t dim, std::int64_t gridWidth, std::int64_t gridHeight,
                                                std::int64_t frames, std::int64_t textTokens, double spatialScale,
                                                double temporalScale)
{
    // The same float64 values as videoTable, rounded once to float32, written frame by frame: the
    // float64 video table and a float64 joint copy (4x the float32 table, 43 MiB at 2b-mid, 1.2 GiB
    // at 49 x 480 x 720) were the host peak of a forward whose attention is fused.
    const std::int64_t temporalDim = dim / 4, tokens = gridWidth * gridHeight;
    const at::Tensor firstFrame = videoTable(dim, gridWidth, gridHeight, 1, spatialScale, temporalScale);
    const at::Tensor spatial = firstFrame[0].narrow(1, temporalDim, dim - temporalDim).to(at::kFloat); // [H*W, 3D/4]
    const at::Tensor ts = at::arange(frames, at::TensorOptions().dtype(at::kFloat)).div_(temporalScale);
    const at::Tensor temporal = oneAxis(temporalDim, ts).to(at::kFloat); // [T, D/4]
    at::Tensor joint = at::zeros({1, textTokens + frames * tokens, dim}, at::TensorOptions().dtype(at::kFloat));
    for (std::int64_t t = 0; t < frames; ++t) {
        at::Tensor rows = joint[0].narrow(0, textTokens + t * tokens, tokens);
        rows.narrow(1, 0, temporalDim).copy_(temporal[t].expand({tokens, temporalDim}));
        rows.narrow(1, temporalDim, dim - temporalDim).copy_(spatial);
    }
    return joint; // [1, text + T*H*W, D] float32
}

} // namespace framesmith
