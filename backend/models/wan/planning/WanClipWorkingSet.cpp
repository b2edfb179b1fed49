#include "models/wan/planning/WanClipWorkingSet.h"

#include <algorithm>

namespace framesmith {

std::int64_t WanClipWorkingSet::penultimateBytes(const WanClipVisionConfig& c, std::int64_t e)
{
    const std::int64_t n = c.positions(), d = c.hiddenSize, i = c.intermediateSize, heads = c.numAttentionHeads;
    const std::int64_t row = n * d, scores = heads * n * n, mlp = n * i;
    // Embeddings: the image in the tower's dtype, the patch conv's output, [CLS] + patches, the
    // position rows, their sum and the pre-layer norm.
    const std::int64_t pixels = c.numChannels * c.imageSize * c.imageSize;
    const std::int64_t embeddings = pixels + 5 * row;
    // Attention, beside the layer's input and its norm: q (and the scaled q), k, v, then the batched
    // matmul's contiguous copies of q and kᵀ with the scores; at the softmax, scores and
    // probabilities; then the probabilities, v's copy and the product.
    const std::int64_t products = std::max({5 * row + 2 * row + scores, 5 * row + 2 * scores, 5 * row + scores + 2 * row});
    // MLP, beside the input and the attention's sum: fc1 and its activation (quick_gelu's product
    // keeps two more temporaries), or fc2's output and the sum.
    const std::int64_t activation = c.hiddenAct == "quick_gelu" ? 4 * mlp : 2 * mlp;
    const std::int64_t perceptron = std::max(2 * row + activation, 4 * row + mlp);
    return e * std::max({embeddings, products, perceptron});
}

} // namespace framesmith
