#include "core/Layers.h"
#include "core/LowRankSidePath.h"

#include <ATen/ATen.h>

namespace framesmith {

Linear::Linear(std::int64_t inFeatures, std::int64_t outFeatures, bool hasBias)
{
    registerParameter("weight", &weight, {outFeatures, inFeatures});
    if (hasBias)
        registerParameter("bias", &bias, {outFeatures});
}

at::Tensor Linear::forward(const at::Tensor& x) const
{
    at::Tensor y = at::linear(x, weight, bias);
    return sidePath ? sidePath->addTo(x, std::move(y)) : y;
}

LayerNorm::LayerNorm(std::int64_t dim, double eps, bool elementwiseAffine, bool hasBias)
    : m_dim(dim), m_eps(eps)
{
    if (elementwiseAffine) {
        registerParameter("weight", &weight, {dim});
        if (hasBias)
            registerParameter("bias", &bias, {dim});
    }
}

at::Tensor LayerNorm::forward(const at::Tensor& x) const
{
    return at::layer_norm(x, {m_dim}, weight, bias, m_eps);
}

GroupNorm::GroupNorm(std::int64_t groups, std::int64_t channels, double eps, bool affine)
    : m_groups(groups), m_eps(eps)
{
    if (affine) {
        registerParameter("weight", &weight, {channels});
        registerParameter("bias", &bias, {channels});
    }
}

at::Tensor GroupNorm::forward(const at::Tensor& x) const
{
    return at::group_norm(x, m_groups, weight, bias, m_eps);
}

Conv2d::Conv2d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 2> kernel,
               std::array<std::int64_t, 2> stride, std::array<std::int64_t, 2> padding, bool hasBias)
    : m_stride(stride), m_padding(padding)
{
    registerParameter("weight", &weight, {out, in, kernel[0], kernel[1]});
    if (hasBias)
        registerParameter("bias", &bias, {out});
}

at::Tensor Conv2d::forward(const at::Tensor& x) const
{
    return at::conv2d(x, weight, bias, m_stride, m_padding);
}

Conv3d::Conv3d(std::int64_t in, std::int64_t out, std::array<std::int64_t, 3> kernel,
               std::array<std::int64_t, 3> stride, std::array<std::int64_t, 3> padding, bool hasBias)
    : m_stride(stride), m_padding(padding)
{
    registerParameter("weight", &weight, {out, in, kernel[0], kernel[1], kernel[2]});
    if (hasBias)
        registerParameter("bias", &bias, {out});
}

at::Tensor Conv3d::forward(const at::Tensor& x) const
{
    return at::conv3d(x, weight, bias, m_stride, m_padding);
}

Embedding::Embedding(std::int64_t count, std::int64_t dim)
{
    registerParameter("weight", &weight, {count, dim});
}

at::Tensor Embedding::forward(const at::Tensor& ids) const
{
    return at::embedding(weight, ids);
}

} // namespace framesmith
