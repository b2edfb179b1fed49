#pragma once
// The basic layers, with parameter names as in torch.nn so state-dict keys match.
#include "core/Module.h"

#include <array>
#include <memory>

namespace framesmith {

class LowRankSidePath;

class Linear : public Module {
public:
    Linear(std::int64_t inFeatures, std::int64_t outFeatures, bool hasBias = true);
    at::Tensor forward(const at::Tensor& x) const; // [..., in] -> [..., out]
    at::Tensor weight; // [out, in]
    at::Tensor bias;   // [out] or undefined
    // LoRA terms added to the output without touching `weight` (streamed or fp8/int8 weights);
    // null: none. Not a parameter: weight moves and loads leave it alone.
    std::shared_ptr<const LowRankSidePath> sidePath;
};

class LayerNorm : public Module {
public:
    LayerNorm(std::int64_t dim, double eps, bool elementwiseAffine = true, bool hasBias = true);
    at::Tensor forward(const at::Tensor& x) const;
    at::Tensor weight;
    at::Tensor bias;

private:
    std::int64_t m_dim;
    double m_eps;
};

class GroupNorm : public Module {
public:
    GroupNorm(std::int64_t groups, std::int64_t channels, double eps, bool affine = true);
    at::Tensor forward(const at::Tensor& x) const; // [N, C, ...]
    at::Tensor weight;
    at::Tensor bias;
    std::int64_t groups() const { return m_groups; }
    double eps() const { return m_eps; }

private:
    std::int64_t m_groups;
    double m_eps;
};

class Conv2d : public Module {
public:
    Conv2d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 2> kernel,
           std::array<std::int64_t, 2> stride = {1, 1}, std::array<std::int64_t, 2> padding = {0, 0},
           bool hasBias = true);
    at::Tensor forward(const at::Tensor& x) const; // [N, C, H, W]
    at::Tensor weight;
    at::Tensor bias;

private:
    std::array<std::int64_t, 2> m_stride, m_padding;
};

class Conv3d : public Module {
public:
    Conv3d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
           std::array<std::int64_t, 3> stride = {1, 1, 1}, std::array<std::int64_t, 3> padding = {0, 0, 0},
           bool hasBias = true);
    at::Tensor forward(const at::Tensor& x) const; // [N, C, T, H, W]
    at::Tensor weight;
    at::Tensor bias;

private:
    std::array<std::int64_t, 3> m_stride, m_padding;
};

class Embedding : public Module {
public:
    Embedding(std::int64_t count, std::int64_t dim);
    at::Tensor forward(const at::Tensor& ids) const;
    at::Tensor weight; // [count, dim]
};

} // namespace framesmith
