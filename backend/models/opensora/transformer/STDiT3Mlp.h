#pragma once
// timm Mlp as STDiT3 builds it (blocks' `mlp`, the caption embedder's `y_proj`):
// fc1 -> GELU(approximate="tanh") -> fc2; dropout and norm are identities at inference.
#include "core/Layers.h"

namespace framesmith {

class STDiT3Mlp : public Module {
public:
    STDiT3Mlp(std::int64_t inFeatures, std::int64_t hiddenFeatures, std::int64_t outFeatures);
    at::Tensor forward(const at::Tensor& x) const; // [..., in] -> [..., out]

private:
    std::shared_ptr<Linear> m_fc1;
    std::shared_ptr<Linear> m_fc2;
};

} // namespace framesmith
