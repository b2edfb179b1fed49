#pragma once
// diffusers FeedForward(dim, activation_fn="gelu-approximate"): net.0 = GELU(proj), net.2 = Linear.
#include "core/Layers.h"

namespace framesmith {

class CogVideoXFeedForward : public Module {
public:
    CogVideoXFeedForward(int dim, int innerDim, bool tanhApproximation);
    at::Tensor forward(at::Tensor x) const; // [..., dim] -> [..., dim]; x moved in is freed early

private:
    std::shared_ptr<Linear> m_proj;   // net.0.proj
    std::shared_ptr<Linear> m_out;    // net.2
    bool m_tanh;
};

} // namespace framesmith
