#include "text/T5DenseReluDense.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

T5DenseReluDense::T5DenseReluDense(const T5Config& config) : m_activation(config.denseActFn)
{
    if (config.isGatedAct) {
        m_wi0 = registerModule("wi_0", std::make_shared<Linear>(config.dModel, config.dFf, false));
        m_wi1 = registerModule("wi_1", std::make_shared<Linear>(config.dModel, config.dFf, false));
    } else {
        m_wi = registerModule("wi", std::make_shared<Linear>(config.dModel, config.dFf, false));
    }
    m_wo = registerModule("wo", std::make_shared<Linear>(config.dFf, config.dModel, false));
}

at::Tensor T5DenseReluDense::activate(const at::Tensor& x) const
{
    if (m_activation == "gelu_new") {
        // transformers NewGELUActivation, op for op (tanh approximation).
        const double kPi = 3.14159265358979323846; // math.pi
        const double c = std::sqrt(2.0 / kPi);
        return 0.5 * x * (1.0 + at::tanh(c * (x + 0.044715 * at::pow(x, 3.0))));
    }
    if (m_activation == "gelu")
        return at::gelu(x);
    return at::relu(x);
}

at::Tensor T5DenseReluDense::forward(const at::Tensor& x) const
{
    at::Tensor h = m_wi0 ? activate(m_wi0->forward(x)) * m_wi1->forward(x) : activate(m_wi->forward(x)); // [B, L, F]
    // T5DenseGatedActDense: the input follows wo's dtype (float32 wo in half mode).
    if (h.scalar_type() != m_wo->weight.scalar_type())
        h = h.to(m_wo->weight.scalar_type());
    return m_wo->forward(h);
}

} // namespace framesmith
