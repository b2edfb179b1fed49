#include "models/opensora/transformer/STDiT3Mlp.h"

#include <ATen/ATen.h>

namespace framesmith {

STDiT3Mlp::STDiT3Mlp(std::int64_t inFeatures, std::int64_t hiddenFeatures, std::int64_t outFeatures)
{
    m_fc1 = registerModule("fc1", std::make_shared<Linear>(inFeatures, hiddenFeatures));
    m_fc2 = registerModule("fc2", std::make_shared<Linear>(hiddenFeatures, outFeatures));
}

at::Tensor STDiT3Mlp::forward(const at::Tensor& x) const
{
    at::Tensor hidden = m_fc1->forward(x);
    at::gelu_(hidden, "tanh"); // hidden is our own: in place saves one [.., hidden] tensor
    return m_fc2->forward(hidden);
}

} // namespace framesmith
