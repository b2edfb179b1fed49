#include "text/T5Attention.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

T5Attention::T5Attention(const T5Config& config, bool hasRelativeAttentionBias) : m_config(config)
{
    const std::int64_t inner = config.innerDim();
    m_q = registerModule("q", std::make_shared<Linear>(config.dModel, inner, false));
    m_k = registerModule("k", std::make_shared<Linear>(config.dModel, inner, false));
    m_v = registerModule("v", std::make_shared<Linear>(config.dModel, inner, false));
    m_o = registerModule("o", std::make_shared<Linear>(inner, config.dModel, false));
    if (hasRelativeAttentionBias)
        m_relativeAttentionBias = registerModule(
            "relative_attention_bias",
            std::make_shared<Embedding>(config.relativeAttentionNumBuckets, config.numHeads));
}

at::Tensor T5Attention::relativePositionBucket(const at::Tensor& relativePosition, bool bidirectional,
                                               std::int64_t numBuckets, std::int64_t maxDistance)
{
    at::Tensor buckets = at::zeros_like(relativePosition);
    at::Tensor distance;
    if (bidirectional) {
        numBuckets /= 2;
        buckets = buckets + (relativePosition > 0).to(at::kLong) * numBuckets;
        distance = relativePosition.abs();
    } else {
        distance = -at::minimum(relativePosition, at::zeros_like(relativePosition));
    }
    const std::int64_t maxExact = numBuckets / 2;
    const at::Tensor isSmall = distance < maxExact;
    // Same float32 op sequence as the reference: the truncation to long is sensitive to the last ulp.
    at::Tensor large = (at::log(distance.to(at::kFloat) / static_cast<double>(maxExact)) /
                        std::log(static_cast<double>(maxDistance) / static_cast<double>(maxExact)) *
                        static_cast<double>(numBuckets - maxExact))
                           .to(at::kLong) +
                       maxExact;
    large = at::minimum(large, at::full_like(large, numBuckets - 1));
    return buckets + at::where(isSmall, distance, large);
}

at::Tensor T5Attention::computeBias(std::int64_t queryLength, std::int64_t keyLength) const
{
    // Buckets on the CPU whatever the device: a GPU log may round differently at bucket edges and
    // the reference golden values come from the CPU.
    const auto cpuLong = at::TensorOptions().dtype(at::kLong);
    const at::Tensor context = at::arange(queryLength, cpuLong).unsqueeze(1); // [Lq, 1]
    const at::Tensor memory = at::arange(keyLength, cpuLong).unsqueeze(0);    // [1, Lk]
    const at::Tensor buckets = relativePositionBucket(memory - context, /*bidirectional=*/true,
                                                      m_config.relativeAttentionNumBuckets,
                                                      m_config.relativeAttentionMaxDistance); // [Lq, Lk]
    const at::Tensor& table = m_relativeAttentionBias->weight;                                  // [buckets, H]
    const at::Tensor values = at::embedding(table, buckets.to(table.device()));                 // [Lq, Lk, H]
    return values.permute({2, 0, 1}).unsqueeze(0);                                              // [1, H, Lq, Lk]
}

at::Tensor T5Attention::forward(const at::Tensor& x, const at::Tensor& positionBias) const
{
    const std::int64_t batch = x.size(0), length = x.size(1);
    auto heads = [&](const at::Tensor& t) { // [B, L, H*dk] -> [B, H, L, dk]
        return t.view({batch, -1, m_config.numHeads, m_config.dKv}).transpose(1, 2);
    };
    const at::Tensor q = heads(m_q->forward(x));
    const at::Tensor k = heads(m_k->forward(x));
    const at::Tensor v = heads(m_v->forward(x));
    // T5 folds the 1/sqrt(d_kv) scale into its initialisation: scores are not scaled.
    at::Tensor scores = at::matmul(q, k.transpose(3, 2)); // [B, H, L, L]
    scores += positionBias;
    // softmax(scores.float()).type_as(scores)
    const at::Tensor weights = at::softmax(scores.to(at::kFloat), -1).to(scores.scalar_type());
    const at::Tensor context = at::matmul(weights, v).transpose(1, 2).contiguous().view({batch, length, -1});
    return m_o->forward(context); // [B, L, D]
}

} // namespace framesmith
