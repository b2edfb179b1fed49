#pragma once
// Linear -> activation -> Linear with children "linear_1" / "linear_2": diffusers' TimestepEmbedding
// (SiLU) and PixArtAlphaTextProjection (GELU tanh) share this layout and state-dict keys.
// forward is const; any thread after loading.
#include "core/Layers.h"
#include "core/layers/Activation.h"

#include <memory>

namespace framesmith {

class ProjectionMlp : public Module {
public:
    ProjectionMlp(std::int64_t inFeatures, std::int64_t hiddenFeatures, std::int64_t outFeatures, Activation activation);
    at::Tensor forward(const at::Tensor& x) const; // [..., in] -> [..., out]
    const Linear& linear1() const { return *m_linear1; }

private:
    std::shared_ptr<Linear> m_linear1;
    std::shared_ptr<Linear> m_linear2;
    Activation m_activation;
};

} // namespace framesmith
