#include "models/T5MemoryModel.h"

#include "memory/planner/ActivationEstimator.h"

#include <algorithm>

namespace framesmith {

std::int64_t T5MemoryModel::parameterElements(const T5Config& c)
{
    const std::int64_t d = c.dModel;
    const std::int64_t inner = c.innerDim();
    const std::int64_t attention = 4 * d * inner + d;                                    // q, k, v, o + layer_norm
    const std::int64_t feedForward = (c.isGatedAct ? 2 : 1) * d * c.dFf + c.dFf * d + d; // wi(_0, _1), wo + layer_norm
    std::int64_t count = c.vocabSize * d;                                                // shared == embed_tokens
    count += c.numLayers * (attention + feedForward);
    // T5: block 0 only; UMT5: every block has its own relative_attention_bias.
    count += (c.hasRelativeBiasPerLayer ? c.numLayers : 1) * c.relativeAttentionNumBuckets * c.numHeads;
    count += d;                                          // final_layer_norm
    return count;
}

std::int64_t T5MemoryModel::weightBytes(const T5Config& c, ComputeDtype dtype)
{
    std::int64_t bytes = parameterElements(c) * ActivationEstimator::elementBytes(dtype);
    if (dtype == ComputeDtype::Float16)
        bytes += c.numLayers * c.dFf * c.dModel * 2;
    return bytes;
}

std::int64_t T5MemoryModel::encodeBytes(const T5Config& c, std::int64_t L, ComputeDtype dtype)
{
    const std::int64_t b = ActivationEstimator::elementBytes(dtype);
    const std::int64_t hidden = L * c.dModel * b;        // one [1, L, d_model]
    const std::int64_t inner = L * c.innerDim() * b;
    const std::int64_t scores = c.numHeads * L * L * b;  // one [1, H, L, L]
    const std::int64_t softmax = c.numHeads * L * L * 4; // softmax(scores.float())
    // The input embeddings and block 0's position bias live through the forward.
    const std::int64_t base = hidden + scores;
    // Position bias: the bucket arithmetic of T5Attention::relativePositionBucket keeps its
    // temporaries to the end of one expression: ~7.6 [L, L] int64 tensors, then the [L, L, H] values.
    // UMT5 builds a bias in every block, so the residual stream is alive beside the embeddings then.
    const std::int64_t bucketHidden = c.hasRelativeBiasPerLayer ? 2 * hidden : hidden;
    const std::int64_t bucketPhase = bucketHidden + std::max<std::int64_t>(61 * L * L, scores + 8 * L * L);
    // Self-attention: block input, its norm, q, k, v, scores, softmax, the context and its
    // head-major-to-token copy.
    const std::int64_t attentionPhase = base + 2 * hidden + 5 * inner + scores + softmax;
    // Feed-forward: block input and attention output, the norm, then the gated GELU of T5 v1.1
    // (wi_0, NewGELU's 8 elementwise temporaries held to the end of its expression, wi_1); the
    // original T5's ReLU holds wi, relu and the product only.
    const std::int64_t width = L * c.dFf * b;
    const std::int64_t feedForwardPhase = base + 3 * hidden + (c.isGatedAct ? 10 : 2) * width;
    return std::max({bucketPhase, attentionPhase, feedForwardPhase});
}

} // namespace framesmith
