#include "models/cogvideox/transformer/CogVideoXRotaryEmbedding.h"

#include "core/layers/RopeRotation.h"
#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

namespace {

constexpr int kVaeSpatialFactor = 8;

// Python's round(): ties to even (std::nearbyint under the default rounding mode).
std::int64_t pythonRound(double v) { return static_cast<std::int64_t>(std::nearbyint(v)); }

// diffusers get_1d_rotary_pos_embed(use_real=True, repeat_interleave_real=True), float32 freqs:
// returns cos/sin [M, dim], each frequency repeated for the (real, imag) pair.
std::array<at::Tensor, 2> oneAxis(std::int64_t dim, const at::Tensor& pos)
{
    auto f32 = at::TensorOptions().dtype(at::kFloat);
    at::Tensor exponents = at::arange(0, dim, 2, f32).narrow(0, 0, dim / 2).div(static_cast<double>(dim));
    at::Tensor freqs = at::pow(at::scalar_tensor(10000.0, f32), exponents).reciprocal(); // [dim/2]
    at::Tensor angles = at::outer(pos, freqs);                                          // [M, dim/2]
    return {at::cos(angles).repeat_interleave(2, 1), at::sin(angles).repeat_interleave(2, 1)};
}

// Broadcasts the per-axis tables over the (t, h, w) grid: [T*H*W, dim_t + dim_h + dim_w].
at::Tensor combine(const at::Tensor& t, const at::Tensor& h, const at::Tensor& w)
{
    const std::int64_t T = t.size(0), H = h.size(0), W = w.size(0);
    at::Tensor joint = at::cat({t.view({T, 1, 1, -1}).expand({T, H, W, t.size(1)}),
                                h.view({1, H, 1, -1}).expand({T, H, W, h.size(1)}),
                                w.view({1, 1, W, -1}).expand({T, H, W, w.size(1)})},
                               3);
    return joint.view({T * H * W, -1});
}

RotaryEmbedding fromPositions(int headDim, const at::Tensor& t, const at::Tensor& h, const at::Tensor& w)
{
    const std::int64_t dimT = headDim / 4;
    const std::int64_t dimH = headDim / 8 * 3;
    const std::int64_t dimW = headDim / 8 * 3;
    auto ft = oneAxis(dimT, t);
    auto fh = oneAxis(dimH, h);
    auto fw = oneAxis(dimW, w);
    return {combine(ft[0], fh[0], fw[0]), combine(ft[1], fh[1], fw[1])};
}

} // namespace

std::array<std::array<std::int64_t, 2>, 2> CogVideoXRotaryEmbedding::resizeCropRegion(std::int64_t gridHeight,
                                                                                     std::int64_t gridWidth,
                                                                                     std::int64_t baseWidth,
                                                                                     std::int64_t baseHeight)
{
    const double th = static_cast<double>(baseHeight), tw = static_cast<double>(baseWidth);
    const double h = static_cast<double>(gridHeight), w = static_cast<double>(gridWidth);
    std::int64_t resizeHeight, resizeWidth;
    if (h / w > th / tw) {
        resizeHeight = baseHeight;
        resizeWidth = pythonRound(th / h * w);
    } else {
        resizeWidth = baseWidth;
        resizeHeight = pythonRound(tw / w * h);
    }
    const std::int64_t top = pythonRound(static_cast<double>(baseHeight - resizeHeight) / 2.0);
    const std::int64_t left = pythonRound(static_cast<double>(baseWidth - resizeWidth) / 2.0);
    return {{{top, left}, {top + resizeHeight, left + resizeWidth}}};
}

RotaryEmbedding CogVideoXRotaryEmbedding::linspaceGrid(int headDim, std::array<std::int64_t, 2> cropStart,
                                                       std::array<std::int64_t, 2> cropStop,
                                                       std::int64_t gridHeight, std::int64_t gridWidth,
                                                       std::int64_t frames)
{
    auto f32 = at::TensorOptions().dtype(at::kFloat);
    // torch.linspace(start, stop * (n - 1) / n, n): the end point is a Python float (double).
    auto axis = [&](std::int64_t start, std::int64_t stop, std::int64_t n) {
        double end = static_cast<double>(stop * (n - 1)) / static_cast<double>(n);
        return at::linspace(static_cast<double>(start), end, n, f32);
    };
    return fromPositions(headDim, axis(0, frames, frames), axis(cropStart[0], cropStop[0], gridHeight),
                         axis(cropStart[1], cropStop[1], gridWidth));
}

RotaryEmbedding CogVideoXRotaryEmbedding::sliceGrid(int headDim, std::int64_t gridHeight, std::int64_t gridWidth,
                                                    std::int64_t frames)
{
    auto f32 = at::TensorOptions().dtype(at::kFloat);
    // Slicing the first n rows of arange(max) tables equals building them from arange(n).
    return fromPositions(headDim, at::arange(frames, f32), at::arange(gridHeight, f32), at::arange(gridWidth, f32));
}

std::optional<RotaryEmbedding> CogVideoXRotaryEmbedding::forVideo(const CogVideoXTransformerConfig& config,
                                                                  int heightPx, int widthPx, int latentFrames)
{
    if (!config.useRotaryPositionalEmbeddings)
        return std::nullopt;
    const int p = config.patchSize;
    const std::int64_t gridHeight = heightPx / (kVaeSpatialFactor * p);
    const std::int64_t gridWidth = widthPx / (kVaeSpatialFactor * p);
    if (gridHeight <= 0 || gridWidth <= 0 || latentFrames <= 0)
        throw InvalidRequestError("size", "video of " + std::to_string(widthPx) + "x" + std::to_string(heightPx) +
                                              " px, " + std::to_string(latentFrames) +
                                              " latent frames has no transformer tokens");
    const std::int64_t baseWidth = config.sampleWidth / p;
    const std::int64_t baseHeight = config.sampleHeight / p;
    if (!config.patchSizeT) {
        auto crop = resizeCropRegion(gridHeight, gridWidth, baseWidth, baseHeight);
        return linspaceGrid(config.attentionHeadDim, crop[0], crop[1], gridHeight, gridWidth, latentFrames);
    }
    const int pt = *config.patchSizeT;
    const std::int64_t temporal = (latentFrames + pt - 1) / pt;
    if (gridHeight > baseHeight || gridWidth > baseWidth)
        throw InvalidRequestError("size", "a " + std::to_string(gridWidth) + "x" + std::to_string(gridHeight) +
                                              " token grid exceeds this model's RoPE grid of " +
                                              std::to_string(baseWidth) + "x" + std::to_string(baseHeight) +
                                              " (sample_width/height / patch_size)");
    return sliceGrid(config.attentionHeadDim, gridHeight, gridWidth, temporal);
}

at::Tensor CogVideoXRotaryEmbedding::apply(const at::Tensor& x, const RotaryEmbedding& rope)
{
    const std::int64_t n = x.size(1), headDim = x.size(3);
    if (rope.cos.size(0) != n || rope.cos.size(1) != headDim)
        throw ShapeError("rotary embedding: table [" + std::to_string(rope.cos.size(0)) + ", " +
                         std::to_string(rope.cos.size(1)) + "] does not fit " + std::to_string(n) +
                         " video tokens of head dim " + std::to_string(headDim));
    const at::Tensor cos = rope.cos.to(x.device(), at::kFloat).view({1, n, 1, headDim});
    const at::Tensor sin = rope.sin.to(x.device(), at::kFloat).view({1, n, 1, headDim});
    // diffusers apply_rotary_emb (use_real_unbind_dim=-1): pairs rotated in float32, cast back.
    return RopeRotation::rotate(x.to(at::kFloat), cos, sin, RopePairing::Interleaved).to(x.scalar_type());
}

} // namespace framesmith
