#include "models/wan/transformer/WanImageEmbedding.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

constexpr double kLayerNormEps = 1e-5; // FP32LayerNorm(in_features): nn.LayerNorm's default eps

at::Tensor fp32Norm(const LayerNorm& norm, const at::Tensor& x)
{
    return at::layer_norm(x.to(at::kFloat), {x.size(-1)}, norm.weight.to(at::kFloat), norm.bias.to(at::kFloat),
                          kLayerNormEps)
        .to(x.scalar_type());
}

} // namespace

WanImageEmbedding::WanImageEmbedding(std::int64_t inFeatures, std::int64_t outFeatures)
{
    m_norm1 = registerModule("norm1", std::make_shared<LayerNorm>(inFeatures, kLayerNormEps));
    // FeedForward(in, out, mult=1, activation_fn="gelu"): inner = in
    m_ff = registerModule("ff", std::make_shared<FeedForward>(inFeatures, inFeatures, outFeatures, Activation::Gelu));
    m_norm2 = registerModule("norm2", std::make_shared<LayerNorm>(outFeatures, kLayerNormEps));
}

at::Tensor WanImageEmbedding::forward(const at::Tensor& image) const
{
    return fp32Norm(*m_norm2, m_ff->forward(fp32Norm(*m_norm1, image)));
}

} // namespace framesmith
