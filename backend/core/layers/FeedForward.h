#pragma once
// diffusers FeedForward with a GELU-family activation: net.0.proj (Linear dim -> inner) + the
// activation, net.1 dropout (nothing at inference), net.2 (Linear inner -> out). forward is const.
#include "core/Layers.h"
#include "core/layers/Activation.h"

#include <memory>

namespace framesmith {

class FeedForward : public Module {
public:
    FeedForward(std::int64_t dim, std::int64_t innerDim, std::int64_t outDim, Activation activation);
    at::Tensor forward(const at::Tensor& x) const; // [..., dim] -> [..., out]

private:
    std::shared_ptr<Linear> m_proj;
    std::shared_ptr<Linear> m_out;
    Activation m_activation;
};

} // namespace framesmith
