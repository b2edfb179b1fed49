#include "core/layers/FeedForward.h"

#include "core/ModuleGroup.h"

namespace framesmith {

FeedForward::FeedForward(std::int64_t dim, std::int64_t innerDim, std::int64_t outDim, Activation activation)
    : m_activation(activation)
{
    auto net = registerModule("net", std::make_shared<ModuleGroup>());
    auto gelu = net->add("0", std::make_shared<ModuleGroup>()); // GELU(dim, inner): its Linear is "proj"
    m_proj = gelu->add("proj", std::make_shared<Linear>(dim, innerDim));
    m_out = net->add("2", std::make_shared<Linear>(innerDim, outDim));
}

at::Tensor FeedForward::forward(const at::Tensor& x) const
{
    return m_out->forward(applyActivation(m_activation, m_proj->forward(x)));
}

} // namespace framesmith
