#include "core/layers/ProjectionMlp.h"

namespace framesmith {

ProjectionMlp::ProjectionMlp(std::int64_t inFeatures, std::int64_t hiddenFeatures, std::int64_t outFeatures,
                             Activation activation)
    : m_activation(activation)
{
    m_linear1 = registerModule("linear_1", std::make_shared<Linear>(inFeatures, hiddenFeatures));
    m_linear2 = registerModule("linear_2", std::make_shared<Linear>(hiddenFeatures, outFeatures));
}

at::Tensor ProjectionMlp::forward(const at::Tensor& x) const
{
    return m_linear2->forward(applyActivation(m_activation, m_linear1->forward(x)));
}

} // namespace framesmith
