#include "models/cogvideox/transformer/CogVideoXFeedForward.h"

#include "core/ModuleGroup.h"

#include <ATen/ATen.h>

namespace framesmith {

CogVideoXFeedForward::CogVideoXFeedForward(int dim, int innerDim, bool tanhApproximation) : m_tanh(tanhApproximation)
{
    auto net = registerModule("net", std::make_shared<ModuleGroup>());
    auto gelu = net->add("0", std::make_shared<ModuleGroup>());
    m_proj = gelu->add("proj", std::make_shared<Linear>(dim, innerDim));
    m_out = net->add("2", std::make_shared<Linear>(innerDim, dim));
}

at::Tensor CogVideoXFeedForward::forward(at::Tensor x) const
{
    at::Tensor h = m_proj->forward(x);
    x.reset(); // a moved-in input is freed before the second projection
    h = at::gelu_(h, m_tanh ? "tanh" : "none");
    return m_out->forward(h);
}

} // namespace framesmith
