#pragma once
// The working memory of Wan 2.1 I2V's CLIP vision tower reading a start image
// (WanClipVisionModel::penultimateHiddenState): the embeddings, then per encoder layer the
// attention (q, k, v, the batched products' copies, the scores and their softmax over every head)
// and the MLP (fc1 and its activation). Small beside the tower's weights, but planned all the same.
// Pure; any thread.
#include "models/wan/image/WanClipVisionConfig.h"

#include <cstdint>

namespace framesmith {

class WanClipWorkingSet {
public:
    // Peak bytes above the preprocessed image, at `elementBytes` per element.
    static std::int64_t penultimateBytes(const WanClipVisionConfig& config, std::int64_t elementBytes);
};

} // namespace framesmith
