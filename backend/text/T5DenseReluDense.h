#pragma once
// T5's feed-forward ("DenseReluDense"): gated wi_0/wi_1 (v1.1, gelu_new) or a single wi (v1.0).
// `wo` may hold float32 weights while the rest is half (transformers _keep_in_fp32_modules).
#include "core/Layers.h"
#include "text/T5Config.h"

#include <memory>

namespace framesmith {

class T5DenseReluDense : public Module {
public:
    explicit T5DenseReluDense(const T5Config& config);
    at::Tensor forward(const at::Tensor& x) const; // [B, L, D] -> [B, L, D] in wo's dtype
    Linear& wo() const { return *m_wo; }

private:
    at::Tensor activate(const at::Tensor& x) const;

    std::string m_activation;
    std::shared_ptr<Linear> m_wi, m_wi0, m_wi1, m_wo;
};

} // namespace framesmith
